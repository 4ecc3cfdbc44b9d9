// The FHIR type tables (scripts/lib/fhir-tables.mjs), loaded on first use through ../../modules.cjs
// (from disk in Node, from what prepare() imported in a browser) and linked once: a resource type's
// table, and the data types' table every type shares.
// CommonJS, like the rest of the FHIR fast path (fhir/resources.cjs).
'use strict';

const modules = require('../../modules.cjs');
const { accepts, setRootOf } = require('./check.cjs');
const { link, skipAliases } = require('./link.cjs');

/** The R4 resource types, loaded with the first table: nothing generated is required here, so a bundler leaves it all to prepare(). */
let r4Types = null;
const isR4Type = (type) => (r4Types ??= new Set(modules.load('fhir/types.cjs').types)).has(type);
/** @type {Map<string, import('./node.cjs').TableNode>} */
const roots = new Map();
/** @type {{ names: Record<string, number>, nodes: import('./node.cjs').TableNode[] } | null} */
let datatypes = null;

/** Where each type's table and the data types' are, under generated/validators/. */
const fileOf = (type) => `fhir/r4/${type}.table.cjs`;

function datatypeTable() {
  if (datatypes === null) {
    const table = modules.load(fileOf('datatypes'));
    datatypes = { names: table.names, nodes: link(table) };
    resolveDatatypes(datatypes.nodes);
    skipAliases(datatypes.nodes);
  }
  return datatypes;
}

/** Points each data type use at its node in the shared table. */
function resolveDatatypes(nodes) {
  for (const node of nodes) {
    if (node.datatypeName === null) continue;
    const { names, nodes: shared } = datatypeTable();
    const index = Object.hasOwn(names, node.datatypeName) ? names[node.datatypeName] : undefined;
    if (index === undefined) node.never = true;
    else node.datatype = shared[index];
  }
}

/** The root node of an R4 resource type's table; undefined for a type R4 does not define. */
function rootOf(type) {
  if (!isR4Type(type)) return undefined;
  let root = roots.get(type);
  if (root === undefined) {
    const table = modules.load(fileOf(type));
    const nodes = link(table);
    resolveDatatypes(nodes);
    skipAliases(nodes);
    root = nodes[table.root];
    roots.set(type, root);
  }
  return root;
}

setRootOf(rootOf);

/**
 * The fast path of one R4 type with a strict twin's signature: `this` is the gathering (or
 * undefined), which receives the references met (scripts/lib/twin-ajv.mjs).
 */
function tableTwin(type) {
  return function validate(data) {
    const root = rootOf(type);
    if (root === undefined) throw new Error(`fhir/table: ${type} is not an R4 resource type`);
    return accepts(root, data, this === null || typeof this !== 'object' ? undefined : this);
  };
}

/**
 * Validations of one type on its table before its compiled twin, where it has one, takes over. A run
 * that meets a type a few times (a lint run over many types) never compiles the twin's module; a
 * process that validates the same type over and over (a service's messages) soon runs the compiled
 * twin, which V8 specialises to the type's members where the interpreter's reads stay megamorphic.
 */
const TIER_UP = 256;
/** The R4 types with a compiled strict twin (scripts/lib/emit-fhir.mjs). */
let compiledTypes = null;
const hasCompiledTwin = (type) => (compiledTypes ??= new Set(modules.load('fhir/types.cjs').twins)).has(type);

/**
 * The fast path of one R4 type, with a strict twin's signature: its table, and after TIER_UP calls its
 * compiled twin if the type has one (the same answers and gathering: test/fhir/table-differential.test.ts).
 */
function fastTwin(type, onTierUp) {
  const table = tableTwin(type);
  if (!hasCompiledTwin(type)) return table;
  let calls = 0;
  let compiled = null;
  return function validate(data, context) {
    if (compiled !== null) return compiled.call(this, data, context);
    if (++calls > TIER_UP) {
      compiled = modules.load(`fhir/r4/${type}.twin.cjs`).validate;
      // A caller that keeps the fast path (the dispatcher) calls the compiled twin directly from now on.
      onTierUp?.(compiled);
    }
    return table.call(this, data, context);
  };
}

module.exports = { rootOf, tableTwin, fastTwin, fileOf, accepts };

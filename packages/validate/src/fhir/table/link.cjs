// Reads a generated FHIR type table (scripts/lib/fhir-tables.mjs: short keys, nodes by index) into
// TableNodes, once per table. Regular expressions are shared across tables: R4 repeats a few
// dozen patterns thousands of times.
// CommonJS, like the rest of the FHIR fast path (fhir/resources.cjs).
'use strict';

const { tableNode } = require('./node.cjs');

/** @type {Map<string, RegExp>} */
const patterns = new Map();

function patternOf(source) {
  let regex = patterns.get(source);
  if (regex === undefined) {
    regex = new RegExp(source, 'u');
    patterns.set(source, regex);
  }
  return regex;
}

const NEVER = tableNode();
NEVER.never = true;

/** The set a `choices` entry tests forms against. */
const choiceSets = (groups) => groups.map((forms) => new Set(forms));

/**
 * Gives a plain node its choice groups by member position, when reading its keys tells every form
 * present: each form and its `_form` is a member it names, or the node is closed (a key it does not
 * name fails it before any choice counts). Otherwise choiceForms() reads the object's keys again.
 */
function positionedChoices(node, groups) {
  const named = (name) => node.positions.has(name) || node.closed;
  if (!groups.every((forms) => forms.every((form) => named(form) && named(`_${form}`)))) return;
  node.formAt = new Int32Array(node.names.length).fill(-1);
  node.groupAt = new Int32Array(node.names.length);
  node.formSeen = new Int32Array(groups.length);
  let id = 0;
  groups.forEach((forms, group) => {
    for (const form of forms) {
      for (const name of [form, `_${form}`]) {
        const at = node.positions.get(name);
        if (at === undefined) continue;
        node.formAt[at] = id;
        node.groupAt[at] = group;
      }
      id++;
    }
  });
}

/**
 * @param {{ nodes: Record<string, any>[], formats?: Record<string, unknown> }} table the format
 *   checks its nodes name come with it (the generated module requires them)
 * @returns {import("./node.cjs").TableNode[]}
 */
function link(table) {
  const formats = table.formats ?? {};
  const nodes = table.nodes.map(() => tableNode());
  const at = (index) => (index === -1 ? NEVER : nodes[index]);
  table.nodes.forEach((raw, index) => {
    const node = nodes[index];
    if (raw.z === 1) {
      node.never = true;
      return;
    }
    if (raw.t !== undefined) node.types = raw.t;
    if (raw.e !== undefined) node.values = new Set(raw.e);
    if (raw.k !== undefined) node.values = new Set(raw.k);
    if (raw.g !== undefined) node.pattern = patternOf(raw.g);
    if (raw.f !== undefined) {
      const format = Object.hasOwn(formats, raw.f) ? formats[raw.f] : undefined;
      if (typeof format === 'function' || format instanceof RegExp) node.format = format;
      else node.never = true;
    }
    if (raw.u !== undefined) node.minUnits = raw.u;
    if (raw.cl === 1) node.collect = true;
    if (raw.n !== undefined) node.minimum = raw.n;
    if (raw.x !== undefined) node.maximum = raw.x;
    if (raw.i !== undefined) node.items = at(raw.i);
    if (raw.o === 1) node.plain = true;
    if (raw.p !== undefined) {
      node.names = raw.p.map((entry) => entry[0]);
      node.members = raw.p.map((entry) => at(entry[1]));
      node.positions = new Map(node.names.map((name, i) => [name, i]));
    }
    if (raw.q !== undefined) node.required = raw.q;
    if (raw.c === 1) node.closed = true;
    if (raw.a !== undefined) node.additional = at(raw.a);
    if (raw.h !== undefined) {
      node.choices = choiceSets(raw.h);
      if (node.plain) positionedChoices(node, raw.h);
    }
    if (raw.l !== undefined) node.allOf = raw.l.map(at);
    if (raw.if !== undefined) node.if = at(raw.if);
    if (raw.th !== undefined) node.then = at(raw.th);
    if (raw.d !== undefined) node.datatypeName = raw.d;
    if (raw.d !== undefined && Object.keys(raw).length === 1) node.alias = true;
    if (raw.r === 1) node.resource = true;
    if (raw.op === 1) node.opaque = true;
    if (raw.s !== undefined) node.site = raw.s;
    node.more = node.allOf !== null || (node.if !== null && node.then !== null) || node.datatypeName !== null || node.resource || node.site !== null;
  });
  return nodes;
}

/** Once data types are resolved: points the uses of a data type alias at the data type's node (one call less each). */
function skipAliases(nodes) {
  const target = (node) => (node.alias && node.datatype !== null ? node.datatype : node);
  for (const node of nodes) {
    if (node.members.length > 0) node.members = node.members.map(target);
    if (node.items !== null) node.items = target(node.items);
    if (node.allOf !== null) node.allOf = node.allOf.map(target);
  }
}

module.exports = { link, skipAliases };

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
    }
    if (raw.q !== undefined) node.required = raw.q;
    if (raw.c === 1) node.closed = new Set(node.names ?? []);
    if (raw.a !== undefined) node.additional = at(raw.a);
    if (raw.h !== undefined) node.choices = choiceSets(raw.h);
    if (raw.l !== undefined) node.allOf = raw.l.map(at);
    if (raw.if !== undefined) node.if = at(raw.if);
    if (raw.th !== undefined) node.then = at(raw.th);
    if (raw.d !== undefined) node.datatypeName = raw.d;
    if (raw.r === 1) node.resource = true;
    if (raw.op === 1) node.opaque = true;
  });
  return nodes;
}

module.exports = { link };

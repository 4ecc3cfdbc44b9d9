// The interpreter of the FHIR type tables: whether a value passes a node, with the strict twin's
// semantics keyword for keyword (scripts/lib/twin-ajv.mjs reads members as `data.x !== undefined`
// once the object is proved plain, and so does this). One function for every type, so it stays hot.
// Unlike the twin it stops at the first failure: a "no" only sends the payload to the exact path.
// CommonJS, like the rest of the FHIR fast path (fhir/resources.cjs).
'use strict';

const { choiceForms } = require('../../choice.cjs');
const { TYPE } = require('./node.cjs');

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Whether `value.__proto__` reads the prototype here (Node's --disable-proto removes or breaks it):
 * a property load decides the usual plain object, where Object.getPrototypeOf is a call. A JSON
 * `"__proto__"` member is the object's own and never Object.prototype, so it goes on to the call.
 */
const PROTO_ACCESSOR = (() => {
  try {
    return {}.__proto__ === Object.prototype;
  } catch {
    return false;
  }
})();

/** The root node of an R4 resource type's table, or undefined for a type R4 lacks; set by tables.cjs. */
let rootOf = () => undefined;

/** ajv's type tests: numbers are finite, an integer has no fraction, an object is not an array. */
function typeMatches(types, data) {
  switch (typeof data) {
    case 'string':
      return (types & TYPE.string) !== 0;
    case 'boolean':
      return (types & TYPE.boolean) !== 0;
    case 'number':
      if (!isFinite(data)) return false;
      return (types & TYPE.number) !== 0 || ((types & TYPE.integer) !== 0 && data % 1 === 0);
    case 'object':
      if (data === null) return (types & TYPE.null) !== 0;
      return (types & (Array.isArray(data) ? TYPE.array : TYPE.object)) !== 0;
    default:
      return false;
  }
}

function stringPasses(node, data, gathered) {
  if (data.length < node.minUnits) return false;
  if (node.pattern !== null && !node.pattern.test(data)) return false;
  if (node.format !== null && !(typeof node.format === 'function' ? node.format(data) : node.format.test(data))) return false;
  if (node.collect && gathered !== undefined) gathered.references.push(data);
  return true;
}

function itemsPass(items, data, gathered) {
  for (const item of data) if (!accepts(items, item, gathered)) return false;
  return true;
}

/**
 * The members of an object proved plain, found by walking its keys (a handful) rather than the
 * names its node declares (tens), and visited in the node's order, the order in which a twin hands
 * references over. A key the node lacks fails a closed node.
 */
function presentMembersPass(node, data, gathered) {
  const positions = node.positions;
  const formAt = node.formAt;
  if (formAt !== null) node.formSeen.fill(-1);
  // First the keys alone: known to a closed node, at most one form of each choice, and whether they
  // come in the node's order (they mostly do), in which case they are visited as they come.
  let last = -1;
  let ordered = true;
  for (const key in data) {
    const at = positions.get(key);
    if (at === undefined) {
      if (node.closed) return false;
      continue;
    }
    if (at < last) ordered = false;
    else last = at;
    if (formAt !== null && formAt[at] !== -1 && hasOwn.call(data, key) && !firstForm(node, at)) return false;
  }
  if (last === -1) return true;
  const members = node.members;
  if (ordered) {
    for (const key in data) {
      const at = positions.get(key);
      if (at === undefined) continue;
      const value = data[key];
      if (value !== undefined && !accepts(members[at], value, gathered)) return false;
    }
    return true;
  }
  const present = [];
  for (const key in data) {
    const at = positions.get(key);
    if (at !== undefined) present.push(at);
  }
  present.sort((a, b) => a - b);
  const names = node.names;
  for (const at of present) {
    const value = data[names[at]];
    if (value !== undefined && !accepts(members[at], value, gathered)) return false;
  }
  return true;
}

/** Notes the choice form at a member position; false when its group already has another form. */
function firstForm(node, at) {
  const seen = node.formSeen;
  const group = node.groupAt[at];
  const form = node.formAt[at];
  if (seen[group] === -1) seen[group] = form;
  return seen[group] === form;
}

/** Every member the node names, read by name: a subschema in place, whose object its parent proved plain. */
function namedMembersPass(node, data, gathered) {
  const { names, members } = node;
  for (let i = 0; i < names.length; i++) {
    const value = data[names[i]];
    if (value !== undefined && !accepts(members[i], value, gathered)) return false;
  }
  if (node.closed) for (const key in data) if (!node.positions.has(key)) return false;
  return true;
}

function objectPasses(node, data, gathered) {
  if (node.plain && !(PROTO_ACCESSOR && data.__proto__ === Object.prototype)) {
    const proto = Object.getPrototypeOf(data);
    if (proto !== Object.prototype && proto !== null) return false;
  }
  const required = node.required;
  if (required !== null) for (const name of required) if (data[name] === undefined) return false;
  if (!(node.plain ? presentMembersPass(node, data, gathered) : namedMembersPass(node, data, gathered))) return false;
  // A node with its forms by position (only a plain one has them) checked them while reading the keys (presentMembersPass).
  const choices = node.choices;
  if (choices !== null && node.formAt === null) for (const forms of choices) if (choiceForms(data, forms) !== null) return false;
  const additional = node.additional;
  if (additional !== null) {
    for (const key in data) if (!node.positions.has(key) && !accepts(additional, data[key], gathered)) return false;
  }
  return true;
}

/** A resource slot: an object whose resourceType is an R4 type, checked as that type (fhir/resources.cjs). */
function resourcePasses(data, gathered) {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const type = data.resourceType;
  if (typeof type !== 'string') return false;
  const root = rootOf(type);
  // A bundle below the root resolves its entries' references among its own: the sites cannot say which.
  if (type === 'Bundle' && gathered !== undefined) gathered.nested = true;
  return root !== undefined && accepts(root, data, gathered);
}

/**
 * Whether `data` passes `node`; `gathered` (or undefined) receives the references met, as a twin's
 * `this` does.
 */
function accepts(node, data, gathered) {
  if (node.never) return false;
  if (node.types !== 0 && !typeMatches(node.types, data)) return false;
  if (node.values !== null && !node.values.has(data)) return false;
  if (typeof data === 'string') {
    if (!stringPasses(node, data, gathered)) return false;
  } else if (typeof data === 'number') {
    if (isFinite(data) && (data < node.minimum || data > node.maximum)) return false;
  } else if (typeof data === 'object' && data !== null) {
    if (Array.isArray(data)) {
      if (node.items !== null && !itemsPass(node.items, data, gathered)) return false;
    } else if (!objectPasses(node, data, gathered)) return false;
    if (node.opaque && gathered !== undefined) gathered.complete = false;
  }
  return !node.more || morePasses(node, data, gathered);
}

/** What few nodes add: subschemas in place, a data type, a resource slot. */
function morePasses(node, data, gathered) {
  const allOf = node.allOf;
  if (allOf !== null) for (const part of allOf) if (!accepts(part, data, gathered)) return false;
  if (node.if !== null && node.then !== null && accepts(node.if, data, undefined) && !accepts(node.then, data, gathered)) return false;
  if (node.datatype !== null && !accepts(node.datatype, data, gathered)) return false;
  if (node.resource && !resourcePasses(data, gathered)) return false;
  // After the Reference's own members, as the twin's keyword comes after its data type's call.
  if (node.site !== null && gathered !== undefined && gathered.sites !== undefined && typeof data === 'object' && data !== null && !Array.isArray(data))
    gathered.sites.push(data, node.site);
  return true;
}

module.exports = {
  accepts,
  /** @param {(type: string) => import('./node.cjs').TableNode | undefined} find */
  setRootOf(find) {
    rootOf = find;
  },
};

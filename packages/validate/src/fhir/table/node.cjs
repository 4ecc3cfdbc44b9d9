// One node of a FHIR type table (scripts/lib/fhir-tables.mjs), as the interpreter reads it. Every
// node has the same fields in the same order, so that V8 gives them one hidden class and the
// interpreter's property loads stay monomorphic whatever the type.
// CommonJS, like the rest of the FHIR fast path (fhir/resources.cjs).
'use strict';

/** @typedef {ReturnType<typeof tableNode>} TableNode */

/** Type bits, as scripts/lib/fhir-tables.mjs writes them. */
const TYPE = { null: 1, boolean: 2, object: 4, array: 8, number: 16, integer: 32, string: 64 };

/** Shared by the nodes that name no member; never changed (link.cjs gives a node with members its own). */
const NO_NAMES = Object.freeze([]);
const NO_POSITIONS = new Map();

/** A node that checks nothing yet; link.cjs fills it in. */
function tableNode() {
  return {
    /** Accepts nothing (a `false` schema, or a keyword the interpreter does not model). */
    never: false,
    /** TYPE bits; 0: any type. */
    types: 0,
    /** The value must be a member of this set (enum, const). */
    values: null,
    // Strings
    pattern: null,
    /** A format check: a function of the string, or a regular expression. */
    format: null,
    /** Minimum length in UTF-16 code units; 0: none. */
    minUnits: 0,
    /** Hand the string to the gathering as a reference. */
    collect: false,
    // Numbers
    minimum: -Infinity,
    maximum: Infinity,
    // Arrays
    items: null,
    // Objects
    /** Prototype must be Object.prototype or null. */
    plain: false,
    /** Member names and their nodes (same index), and each name's index. */
    names: NO_NAMES,
    members: NO_NAMES,
    positions: NO_POSITIONS,
    required: null,
    /** No member other than `names` (unevaluatedProperties: false). */
    closed: false,
    /** The node members `names` lacks are checked against. */
    additional: null,
    /** Choice groups: at most one form of each may be present (a `_form` counts as `form`). */
    choices: null,
    /**
     * The choice groups by member position, for a plain node that names every form (or is closed):
     * each member's form id (-1: no form; `form` and `_form` share one) and group, and one slot per
     * group for the form met first. presentMembersPass then checks the groups as it reads the keys.
     */
    formAt: null,
    groupAt: null,
    formSeen: null,
    // Any type
    allOf: null,
    if: null,
    then: null,
    /** A data type's node (datatypes table), resolved on first use by name. */
    datatype: null,
    datatypeName: null,
    /** Whether any of allOf, if/then, a data type, resource is set: most nodes have none. */
    more: false,
    /** Nothing but a data type: uses of it go to the data type's node directly. */
    alias: false,
    /** Any R4 resource, checked as its own resourceType. */
    resource: false,
    /** An object or array here may hold members no schema names: the gathering is incomplete. */
    opaque: false,
    /** A Reference's element as R4 names it: the object is handed to the gathering's sites with it. */
    site: null,
  };
}

module.exports = { TYPE, tableNode };

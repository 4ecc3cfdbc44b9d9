// The run-time half of FHIR resource slots (scripts/lib/fhir-keywords.mjs): where a schema holds any
// resource (a bundle entry, a contained resource, a Parameters resource), the generated code calls
// `canonical` or `twin` here, which validates the resource as its own resourceType with that type's
// generated validator, loaded on first use (through ../modules.cjs: from disk in Node, from what
// prepare() imported in a browser). So a bundle loads the validators of the types it carries, and
// each resource is checked against its own definition, never a merge of several.
//
// Each function has the signature and the `errors` property of an ajv standalone validator, so the
// generated callers treat it like any other: call with the instance path, append `errors` on false.
// CommonJS, like the generated validators that require it.
'use strict';

const { types } = require('../generated/validators/fhir/types.cjs');
const modules = require('../modules.cjs');
const { fastTwin } = require('./table/tables.cjs');

const R4_TYPES = new Set(types);
const loaded = { canonical: new Map(), twin: new Map() };

/** A resource type's generated validator of one flavour; the type is known to be R4. */
function validatorOf(flavour, type) {
  let validate = loaded[flavour].get(type);
  if (validate === undefined) {
    // The fast path: the type's table, walked by the one interpreter (./table/), and for a type the
    // service carries its compiled twin once it runs hot.
    validate = flavour === 'twin' ? fastTwin(type, (compiled) => loaded.twin.set(type, compiled)) : modules.load(`fhir/r4/${type}.cjs`).validate;
    loaded[flavour].set(type, validate);
  }
  return validate;
}

/** An error in ajv's form, for what the dispatcher itself rejects before any type's validator runs. */
function error(instancePath, keyword, params) {
  return { instancePath, schemaPath: '#/cdxResource', keyword, params };
}

/**
 * What is wrong with a slot's value before its type's validator can run: not an object, no string
 * resourceType, or one R4 does not define (keyword `cdxResourceType`, with what was written).
 * Undefined when the value is a resource of an R4 type.
 */
function slotError(data, instancePath) {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return error(instancePath, 'type', { type: 'object' });
  const type = data.resourceType;
  if (type === undefined) return error(instancePath, 'required', { missingProperty: 'resourceType' });
  if (typeof type !== 'string') return error(`${instancePath}/resourceType`, 'type', { type: 'string' });
  if (!R4_TYPES.has(type)) return error(`${instancePath}/resourceType`, 'cdxResourceType', { resourceType: type });
  return undefined;
}

function dispatcher(flavour) {
  function validate(data, context = {}) {
    const instancePath = context.instancePath ?? '';
    const problem = slotError(data, instancePath);
    if (problem) {
      validate.errors = [problem];
      return false;
    }
    // Called in place of the slot's schema: the same context, so its errors point into the payload,
    // and the same `this`, so a twin's gathering goes on (scripts/lib/twin-ajv.mjs).
    const own = validatorOf(flavour, data.resourceType);
    // A bundle below the root resolves its entries' references among its own (fhir/table/check.cjs does the same).
    if (data.resourceType === 'Bundle' && typeof this === 'object' && this !== null) this.nested = true;
    if (own.call(this, data, context)) {
      validate.errors = null;
      return true;
    }
    validate.errors = own.errors;
    return false;
  }
  validate.errors = null;
  return validate;
}

exports.canonical = dispatcher('canonical');
exports.twin = dispatcher('twin');

/**
 * A slot that holds a resource of one type (a CDS Hooks request's draft orders are a Bundle): the
 * value is validated as that type whatever its resourceType says, whose own `resourceType` const
 * then reports a mismatch. Loaded on first call.
 */
exports.typed = function typed(flavour, type) {
  if (!R4_TYPES.has(type)) throw new Error(`fhir/resources.cjs: ${type} is not an R4 resource type`);
  function validate(data, context = {}) {
    const own = validatorOf(flavour, type);
    const valid = own(data, context);
    validate.errors = valid ? null : own.errors;
    return valid;
  }
  validate.errors = null;
  return validate;
};
exports.validatorOf = validatorOf;
exports.isR4Type = (type) => R4_TYPES.has(type);

// The run-time half of `cdxMembers` (scripts/lib/fhir-members.mjs): a generated canonical R4
// validator checks a run of an object's members whose checks are calls of other validators (a data
// type's, a shared member's, the resource dispatcher's) through one table, `[[name, validate], …]`,
// instead of the same five lines of code for each member. Each member present as the object's own
// is validated with its instance path, in table order, and its errors appended, as the code ajv
// emits for one member does: the same errors, in the same order.
// CommonJS, like the generated validators that require it.
'use strict';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * @param {Record<string, unknown>} data the object
 * @param {string} instancePath its instance path
 * @param {readonly (readonly [string, ((value: unknown, context: { instancePath: string }) => boolean) & { errors?: unknown[] | null }])[]} members
 *   each member's name (no `~` or `/`: the generator checks) and validator
 * @param {unknown[] | null} errors the errors so far (ajv's `vErrors`), null before the first
 * @returns {unknown[] | null} the errors so far, this run's appended
 */
function callMembers(data, instancePath, members, errors) {
  let all = errors;
  for (const [name, validate] of members) {
    const value = data[name];
    if (value === undefined || !hasOwn.call(data, name) || validate(value, { instancePath: `${instancePath}/${name}` })) continue;
    const own = validate.errors ?? [];
    if (all === null) all = own;
    else for (const error of own) all.push(error);
  }
  return all;
}

module.exports = { callMembers };

// What the `cdxChoice` keyword (scripts/lib/ajv.mjs) calls in generated FHIR validators: the forms
// of one choice element (`value[x]`: valueString, valueUrl, …) an object gives. R4 JSON allows at
// most one; a primitive form's extensions twin (`_valueString`) is the same form.
// CommonJS, like the generated validators that require it.
'use strict';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The forms of the choice present in `data` when there are two or more, else null. One pass over
 * the object's members (a resource has tens), whatever the number of forms (Extension.value[x]
 * has 50).
 * @param {Record<string, unknown>} data
 * @param {Set<string>} forms
 * @returns {string[] | null}
 */
function choiceForms(data, forms) {
  let found = null;
  for (const key in data) {
    if (!hasOwn.call(data, key)) continue;
    const form = key.charCodeAt(0) === 95 ? key.slice(1) : key;
    if (!forms.has(form)) continue;
    if (found === null) found = [form];
    else if (!found.includes(form)) found.push(form);
  }
  return found !== null && found.length > 1 ? found : null;
}

module.exports = { choiceForms };

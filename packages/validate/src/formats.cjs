// The formats that generated validators look up by name at run time (ajv's `code.formats`, set in
// scripts/lib/ajv.mjs): ajv-formats' own, and the cdx formats that are functions rather than one
// regular expression (regular-expression formats are inlined into the generated code).
// CommonJS, like the generated validators that require it.
'use strict';
const { fullFormats } = require('ajv-formats/dist/formats');

/** Any character outside the RFC 4648 base64 alphabet and its padding. */
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;

/**
 * base64 (RFC 4648 alphabet A-Z a-z 0-9 + /, up to two `=` at the end): FHIR base64Binary and
 * inline attachments, which run to 7 MB and more. Two linear searches that stop at the first
 * offending character: one for a character outside the alphabet, one for the first `=`. On 50 MB
 * of random base64 that takes about 0.8× the time JSON.parse takes to read the string, where one
 * anchored expression (`^(?=[^_]*$)[\w+/]+={0,2}$`) took 2–3×. Length modulo 4 is not checked:
 * the R4 JSON schema does not either, and counting it needs a repeated group, which overflows
 * V8's backtracking stack on multi-MB strings.
 * @param {string} text
 */
function base64(text) {
  if (text.length === 0 || NOT_BASE64.test(text)) return false;
  const pad = text.indexOf('=');
  // No padding; or one `=`, last; or two, last. The alphabet check leaves only `=` after the first.
  return pad === -1 || (pad > 0 && (pad === text.length - 1 || (pad === text.length - 2 && text.charCodeAt(pad + 1) === 61)));
}

module.exports = { ...fullFormats, base64 };

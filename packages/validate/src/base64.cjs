// base64 as FHIR R4 writes base64Binary: one self-contained CommonJS module without requires, so the
// generated validators (through formats.cjs) and @cdx/schemas' ajv plugin (which inlines this file at
// build time, scripts/lib/emit-ajv-plugin.mjs) check it with the same code.
'use strict';

/** Any character outside the RFC 4648 base64 alphabet, its padding and R4's white space. */
const NOT_BASE64 = /[^A-Za-z0-9+/= \t\n\r]/;
/** R4's white space (XML Schema's \s): space, tab, line feed, carriage return. */
const isSpace = (code) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * base64 as FHIR R4 writes base64Binary (`(\s*([0-9a-zA-Z\+/=]){4}\s*)+`): the RFC 4648 alphabet
 * A-Z a-z 0-9 + /, white space between characters (official examples wrap attachment data), and
 * up to two `=` at the end. For inline attachments, which run to 7 MB and more: two linear searches
 * that stop at the first offending character, then a scan of what follows the first `=`. On 50 MB
 * of random base64 that takes about 0.8× the time JSON.parse takes to read the string, where one
 * anchored expression (`^(?=[^_]*$)[\w+/]+={0,2}$`) took 2–3×. Length modulo 4 is not checked: a
 * regular expression that counts needs a repeated group, which overflows V8's backtracking stack
 * on multi-MB strings.
 * @param {string} text
 */
function base64(text) {
  if (NOT_BASE64.test(text)) return false;
  const pad = text.indexOf('=');
  const end = pad === -1 ? text.length : pad;
  let data = false;
  for (let i = 0; i < end && !data; i++) data = !isSpace(text.charCodeAt(i));
  if (!data) return false;
  // After the first `=`: at most one more, and otherwise only white space.
  let padding = 0;
  for (let i = end; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 61) padding++;
    else if (!isSpace(code) || padding === 0) return false;
    if (padding > 2) return false;
  }
  return true;
}

module.exports = { base64 };

// The formats that generated validators look up by name at run time (ajv's `code.formats`, set in
// scripts/lib/ajv.mjs): ajv-formats' own, and the cdx formats that are functions rather than one
// regular expression (regular-expression formats are inlined into the generated code).
// CommonJS, like the generated validators that require it.
'use strict';
const { fullFormats } = require('ajv-formats/dist/formats');
const { base64 } = require('./base64.cjs');
const { dateTimeProblem } = require('./datetime.cjs');

/** A lookup table of the ASCII characters in `chars`, both cases of letters included. */
function table(chars) {
  const t = new Uint8Array(128);
  for (const c of chars) {
    t[c.toLowerCase().charCodeAt(0)] = 1;
    t[c.toUpperCase().charCodeAt(0)] = 1;
  }
  return t;
}
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
// RFC 3986: unreserved and sub-delims; pchar adds ":" and "@"; query and fragment add "/" and "?".
const REG_NAME = table(`${ALNUM}-._~!$&'()*+,;=`);
const USERINFO = table(`${ALNUM}-._~!$&'()*+,;=:`);
const PATH = table(`${ALNUM}-._~!$&'()*+,;=:@/`);
const QUERY = table(`${ALNUM}-._~!$&'()*+,;=:@/?`);
const SCHEME = table(`${ALNUM}+-.`);
const HEX = table('0123456789abcdef');

/** Whether text[from, to) holds only `allowed` characters and well-formed %XX escapes. */
function only(text, from, to, allowed) {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 37) {
      if (i + 2 >= to || HEX[text.charCodeAt(i + 1)] !== 1 || HEX[text.charCodeAt(i + 2)] !== 1) return false;
      i += 2;
    } else if (code >= 128 || allowed[code] !== 1) return false;
  }
  return true;
}

/** Longest IP literal between brackets: an IPv6 address with an embedded IPv4 is at most 45. */
const MAX_IP_LITERAL = 64;

/** `[userinfo@]host[:port]`, as ajv-formats' uri reads an authority. */
function authority(text, from, to) {
  const at = text.indexOf('@', from);
  let host = from;
  if (at !== -1 && at < to) {
    if (!only(text, from, at, USERINFO)) return false;
    host = at + 1;
  }
  let port = to;
  if (text.charCodeAt(host) === 91) {
    // An IP literal is short: ajv-formats' own expression judges it, on a bounded string.
    const close = text.indexOf(']', host);
    if (close === -1 || close >= to || close - host > MAX_IP_LITERAL) return false;
    if (!ajvUri(`a://${text.slice(host, close + 1)}`)) return false;
    if (close + 1 < to && text.charCodeAt(close + 1) !== 58) return false;
    port = close + 1;
  } else {
    const colon = text.indexOf(':', host);
    if (colon !== -1 && colon < to) port = colon;
    // An IPv4 address is a reg-name as far as characters go.
    if (!only(text, host, port, REG_NAME)) return false;
  }
  for (let i = port + 1; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

const ajvUri = fullFormats.uri;

/**
 * An absolute URI (RFC 3986), as ajv-formats' `uri` accepts it, read by one linear scan. Its
 * regular expression backtracks once per character: on a 10 MB eventUri it overflowed V8's stack
 * (a RangeError that validate() reported as nesting-depth, dropping every other finding). Its
 * quirks are kept (`scheme:/` may be followed by an authority, so `x:/[::1]` passes): the same
 * values are valid as before.
 * @param {string} text
 */
function uri(text) {
  const colon = text.indexOf(':');
  if (colon < 1) return false;
  const first = text.charCodeAt(0) | 32;
  if (first < 97 || first > 122) return false;
  for (let i = 1; i < colon; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || SCHEME[code] !== 1) return false;
  }
  const hash = text.indexOf('#', colon);
  const end = hash === -1 ? text.length : hash;
  if (hash !== -1 && !only(text, hash + 1, text.length, QUERY)) return false;
  const question = text.indexOf('?', colon);
  const pathEnd = question !== -1 && question < end ? question : end;
  if (pathEnd < end && !only(text, pathEnd + 1, end, QUERY)) return false;
  const start = colon + 1;
  if (start === pathEnd) return false; // an empty hier-part
  // A path (rootless, absolute, or `//` read as an empty authority and a path) ...
  if (only(text, start, pathEnd, PATH)) return true;
  if (text.charCodeAt(start) !== 47) return false;
  // ... or one or two slashes, an authority, and a path (the expression's `\/?\/`).
  for (const from of text.charCodeAt(start + 1) === 47 ? [start + 1, start + 2] : [start + 1]) {
    const slash = text.indexOf('/', from);
    const authorityEnd = slash !== -1 && slash < pathEnd ? slash : pathEnd;
    if (authority(text, from, authorityEnd) && only(text, authorityEnd, pathEnd, PATH)) return true;
  }
  return false;
}

/**
 * A format that throws (a RangeError from a regular expression on a huge value, say) fails the
 * value, so the schema finding lands at its pointer instead of the exception ending validation.
 * @template {(text: string) => boolean} F
 * @param {F} check
 * @returns {F}
 */
function guarded(check) {
  return /** @type {F} */ (
    (text) => {
      try {
        return check(text);
      } catch {
        return false;
      }
    }
  );
}

/**
 * The date formats, one checker (datetime.cjs). FHIR's primitives keep R4's pattern for their shape
 * and take `fhir-<type>` for existence: a value of the wrong shape is the pattern's finding alone.
 * `iso8601` (the Data Model) is shape and existence; `date` and `date-time` are ajv-formats' checks
 * and then the shared one, so that they refuse exactly what it refuses too (24:00, an offset past ±14:00).
 */
const exists = (form) => (text) => dateTimeProblem(text, form) === undefined;
// R4's patterns already refuse month 13, hour 24, minute 60 and an offset past 14:00: what they
// cannot see is a day its month does not have (2026-02-30), the one problem left to the format.
// A value without a day, or with a day from 01 to 28, has no such problem whatever its month: most
// values are settled by two character reads, without the checker's match (a tenth of a bundle's twin).
const existsIfShaped = (form) => (text) => {
  if (text.length < 10) return true;
  const day = (text.charCodeAt(8) - 48) * 10 + text.charCodeAt(9) - 48;
  if (day >= 1 && day <= 28 && text.charCodeAt(8) >= 48 && text.charCodeAt(8) <= 50 && text.charCodeAt(9) >= 48 && text.charCodeAt(9) <= 57) return true;
  return dateTimeProblem(text, form)?.endsWith(' days') !== true;
};
const alsoExists = (format, form) => (text) => format(text) && dateTimeProblem(text, form) === undefined;
const dates = {
  iso8601: exists('iso8601'),
  'fhir-date': existsIfShaped('date'),
  'fhir-dateTime': existsIfShaped('dateTime'),
  'fhir-instant': existsIfShaped('instant'),
  'fhir-time': existsIfShaped('time'),
  date: alsoExists(fullFormats.date.validate ?? fullFormats.date, 'rfc3339-date'),
  'date-time': alsoExists(fullFormats['date-time'].validate ?? fullFormats['date-time'], 'rfc3339'),
};

/** Every format, the function ones guarded; base64 named for scripts/lib/ajv.mjs. */
const functions = /** @type {Record<string, unknown> & { base64: typeof base64 }} */ ({});
for (const [name, format] of Object.entries({ ...fullFormats, base64, uri, ...dates })) {
  const check = typeof format === 'function' ? format : format && typeof format.validate === 'function' ? format.validate : undefined;
  functions[name] = check === undefined ? format : typeof format === 'function' ? guarded(check) : { ...format, validate: guarded(check) };
}

module.exports = functions;

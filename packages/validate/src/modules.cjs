// Where @cdx/validate finds its generated validator modules (generated/validators/*.cjs, by their
// path under that folder), synchronously, so that validate() stays synchronous. Two sources:
//
// - modules handed over by the browser entry's prepare() (src/browser.ts), which imports them on
//   demand: in a browser, a worker or an edge runtime nothing can be read from disk;
// - in Node, the main entry (src/index.ts) lets this module require any other from disk on first
//   use. This file requires nothing itself, so no bundler follows it into 12 MB of validators.
//
// CommonJS, like the generated code that shares it (fhir/resources.cjs loads resource types here).
'use strict';

/** @type {Map<string, Record<string, unknown>>} */
const modules = new Map();
/** @type {((file: string) => Record<string, unknown>) | null} */
let fromDisk = null;

/** validate() needed a validator module that prepare() has not loaded (only where nothing is read from disk). */
class NotPreparedError extends Error {
  /** @param {string} file */
  constructor(file) {
    super(`@cdx/validate has not loaded generated/validators/${file}: await prepare(payload) (or validateAsync) from @cdx/validate/browser before validate().`);
    this.name = 'NotPreparedError';
    /** The module's path under generated/validators/. */
    this.file = file;
  }
}

/** The module at `file`: handed over, else from disk where that is allowed, else NotPreparedError. */
function load(file) {
  const found = modules.get(file);
  if (found !== undefined) return found;
  if (fromDisk === null) throw new NotPreparedError(file);
  return fromDisk(file);
}

exports.NotPreparedError = NotPreparedError;
exports.load = load;
/** @param {string} file */
exports.has = (file) => modules.has(file);
/** @param {string} file @param {Record<string, unknown>} exports */
exports.add = (file, exports) => void modules.set(file, exports);
/** @param {(file: string) => Record<string, unknown>} read */
exports.readFromDisk = (read) => void (fromDisk = read);

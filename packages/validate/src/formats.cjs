// The formats that generated validators look up by name at run time (ajv's `code.formats`, set in
// scripts/lib/ajv.mjs): ajv-formats' own, and the cdx formats that are functions rather than one
// regular expression (regular-expression formats are inlined into the generated code).
// CommonJS, like the generated validators that require it.
'use strict';
const { fullFormats } = require('ajv-formats/dist/formats');
const { base64 } = require('./base64.cjs');

module.exports = { ...fullFormats, base64 };

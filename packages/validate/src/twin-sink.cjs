// What a FHIR strict twin gathers while it validates, for a rule that would otherwise walk the
// whole payload once more: bundle-reference needs every `reference` string of a bundle, and the
// twin reads each of them anyway. validate() sets `current` around one twin call and reads it
// after (scripts/lib/twin-ajv.mjs emits the code that fills it). CommonJS, like the generated
// validators that require it.
'use strict';

/**
 * `{ references: string[], complete: boolean }` while validate() runs a twin, else null.
 * `complete` turns false when the payload holds an object or array whose members no schema names
 * (a contained resource, free-form data): a `reference` in there was not seen.
 */
exports.current = null;

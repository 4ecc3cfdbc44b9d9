import { createRequire } from 'node:module';
import modules from './modules.cjs';
import { provideFhirPath, type FhirPathEngine, type FhirPathModel } from './fhir/invariants/engine.js';
import { preparseFhirPath, type PreparsedTable } from './fhir/invariants/preparsed.js';

export * from './api.js';

// In Node the generated validators are read from disk, each on first use of its kind (the browser
// entry, src/browser.ts, imports them instead). require keeps validate() synchronous.
const require = createRequire(import.meta.url);
modules.readFromDisk((file) => require(`./generated/validators/${file}`) as Record<string, unknown>);
// The FHIRPath engine of fhir-invariant: its R4 model (element paths and types, what the invariant
// walk reads) on the first FHIR payload, the engine itself (fhirpath, antlr4, ucum: most of a cold
// FHIR lint's start-up) on the first expression to evaluate. A payload whose constraints are all
// native or guarded by absent members never loads it.
// Its parser's trees for R4's expressions come from the build (preparsed.ts): no antlr4 to load.
let compile: FhirPathEngine['compile'] | undefined;
function loadCompile(): FhirPathEngine['compile'] {
  try {
    preparseFhirPath(require, () => require('./generated/fhirpath-asts.cjs') as PreparsedTable);
  } catch {
    // No table to read: the package parses, as it would without one.
  }
  return (require('fhirpath') as Pick<FhirPathEngine, 'compile'>).compile;
}
provideFhirPath(() => ({
  compile: (path, model, options) => (compile ??= loadCompile())(path, model, options),
  model: require('fhirpath/fhir-context/r4') as FhirPathModel,
}));

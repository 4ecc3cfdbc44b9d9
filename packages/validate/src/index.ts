import { createRequire } from 'node:module';
import modules from './modules.cjs';
import { provideFhirPath, type FhirPathEngine, type FhirPathModel } from './fhir/invariants/engine.js';

export * from './api.js';

// In Node the generated validators are read from disk, each on first use of its kind (the browser
// entry, src/browser.ts, imports them instead). require keeps validate() synchronous.
const require = createRequire(import.meta.url);
modules.readFromDisk((file) => require(`./generated/validators/${file}`) as Record<string, unknown>);
// The FHIRPath engine of fhir-invariant, required on its first FHIR payload only.
provideFhirPath(() => ({
  compile: (require('fhirpath') as Pick<FhirPathEngine, 'compile'>).compile,
  model: require('fhirpath/fhir-context/r4') as FhirPathModel,
}));

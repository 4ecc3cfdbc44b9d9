import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import modules from './modules.cjs';
import { provideFhirPath, type Evaluator, type FhirPathEngine, type FhirPathModel } from './fhir/invariants/engine.js';
import { preparseFhirPath, type PreparsedTable } from './fhir/invariants/preparsed.js';

export * from './api.js';

// In Node the generated validators are read from disk, each on first use of its kind (the browser
// entry, src/browser.ts, imports them instead). require keeps validate() synchronous.
const require = createRequire(import.meta.url);
modules.readFromDisk((file) => require(`./generated/validators/${file}`) as Record<string, unknown>);
// The FHIRPath engine of fhir-invariant. The invariant walk reads three files of the package's R4
// model (element paths and types) on the first FHIR payload; the engine itself (fhirpath, ucum, and
// the whole model, whose indexes cost 20 ms to build) loads on the first expression to evaluate, so a
// payload whose constraints are all native or guarded by absent members never loads it. Loading the
// whole model rewrites path2Type's `{ code, refType }` entries to their code in the same objects the
// walk holds (require's cache): the walk reads either form. R4's expressions come parsed from the
// build (preparsed.ts): no antlr4 to load.
type Compile = (path: { base: string; expression: string }, model: unknown, options: { traceFn: () => void }) => Evaluator;
let compile: FhirPathEngine['compile'] | undefined;
function loadCompile(): FhirPathEngine['compile'] {
  try {
    preparseFhirPath(require, () => require('./generated/fhirpath-asts.cjs') as PreparsedTable);
  } catch {
    // No table to read: the package parses, as it would without one.
  }
  const engine = (require('fhirpath') as { compile: Compile }).compile;
  const model: unknown = require('fhirpath/fhir-context/r4');
  return (path, options) => engine(path, model, options);
}
provideFhirPath(() => {
  const dir = dirname(require.resolve('fhirpath/fhir-context/r4'));
  const read = (file: string): unknown => require(join(dir, file));
  const model = { path2Type: read('path2Type.json'), choiceTypePaths: read('choiceTypePaths.json'), pathsDefinedElsewhere: read('pathsDefinedElsewhere.json') };
  return { compile: (path, options) => (compile ??= loadCompile())(path, options), model: model as FhirPathModel };
});

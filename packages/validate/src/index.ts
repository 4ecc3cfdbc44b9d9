import { createRequire } from 'node:module';
import modules from './modules.cjs';
import { dirname, join } from 'node:path';
import { provideFhirPath, type Evaluator } from './fhir/invariants/engine.js';
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
// Its parser's trees for R4's expressions come from the build (preparsed.ts): no antlr4 to load. The
// walk reads three files of the model; the engine's whole model (indexes it builds from them on
// load, 20 ms) comes with the engine.
type Compile = (path: { base: string; expression: string }, model: unknown, options: { traceFn: () => void }) => Evaluator;
let compile: ((path: { base: string; expression: string }, options: { traceFn: () => void }) => Evaluator) | undefined;
function loadCompile(): NonNullable<typeof compile> {
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
  const read = (file: string): never => require(join(dir, file)) as never;
  return {
    compile: (path, options) => (compile ??= loadCompile())(path, options),
    model: { path2Type: read('path2Type.json'), choiceTypePaths: read('choiceTypePaths.json'), pathsDefinedElsewhere: read('pathsDefinedElsewhere.json') },
  };
});

/**
 * `@cdx/validate/browser`: the main entry's API for browsers, web workers and edge runtimes, where
 * no validator can be read from disk. Validators (12 MB for FHIR R4) are imported on demand, each a
 * chunk of its own for the bundler: `await prepare(payload)` loads what one payload needs (its
 * kind's validators and, for FHIR, those of every resource type in it), after which validate()
 * runs synchronously, exactly as in Node. `validateAsync()` does both.
 *
 * Nothing here imports a Node built-in.
 *
 * @module
 */
import { detectKindInfo } from './detect.js';
import { LOADERS } from './generated/loaders.js';
import modules from './modules.cjs';
import { givesRuleOptions, RULE_OPTIONS_MODULE, type ValidateOptions } from './options.js';
import { getKind, holdsResources, modulesOf } from './registry.js';
import { fhirPathEngine, setFhirPath, type Evaluator, type FhirPathModel } from './fhir/invariants/engine.js';
import { validate, type ValidationResult } from './validate.js';

export * from './api.js';

/**
 * Thrown by validate() for a payload whose validators prepare() has not loaded: the programming
 * error of validating before preparing (or of validating another payload than the one prepared).
 */
export interface NotPreparedError extends Error {
  readonly name: 'NotPreparedError';
  /** The missing module's path under @cdx/validate's generated/validators/. */
  readonly file: string;
}

export const NotPreparedError: new (file: string) => NotPreparedError = modules.NotPreparedError as never;

const pending = new Map<string, Promise<void>>();

/** Imports one generated module, once, and hands it to the registry (modules.cjs). */
function loadModule(file: string): Promise<void> {
  if (modules.has(file)) return Promise.resolve();
  let loading = pending.get(file);
  if (!loading) {
    const loader = LOADERS[file];
    if (!loader) return Promise.reject(new Error(`@cdx/validate has no generated module ${file}`));
    loading = loader()
      // A CommonJS module imported as ES: module.exports is the namespace's default.
      .then((namespace) => {
        modules.add(file, ((namespace as { default?: unknown }).default ?? namespace) as Record<string, unknown>);
      })
      .finally(() => pending.delete(file));
    pending.set(file, loading);
  }
  return loading;
}

/**
 * The resourceType of every object in a FHIR payload (bundle entries, contained resources,
 * Parameters' resources, at any depth). One pass with an explicit stack: no recursion limit.
 */
function resourceTypesIn(payload: unknown): Set<string> {
  const types = new Set<string>();
  const stack: unknown[] = [payload];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    for (const [key, member] of Object.entries(value)) {
      if (key === 'resourceType' && typeof member === 'string' && LOADERS[`fhir/r4/${member}.cjs`]) types.add(member);
      else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  return types;
}

/**
 * Loads every validator module that validating `payload` (as `options.kind`, or the kind it is
 * detected as) can need (for a FHIR payload or a CDS Hooks document, those of the resource types
 * in it; with rule options, their checker); then validate() on it runs synchronously. Resolves at
 * once for a payload of no known kind, and for one whose modules are already loaded.
 */
export async function prepare(payload: unknown, given?: ValidateOptions | null): Promise<void> {
  const options = given ?? {}; // null is no options, as for validate()
  // Rule options given are checked against their generated schema, whatever the payload.
  const checker = givesRuleOptions(options) ? [RULE_OPTIONS_MODULE] : [];
  const kind = options.kind === undefined ? detectKindInfo(payload) : getKind(options.kind);
  // No kind: validate() reports unknown-kind (or throws UnknownKindError for a bad option).
  const files = kind ? modulesOf(kind, holdsResources(kind) ? resourceTypesIn(payload) : []) : [];
  await Promise.all([...checker, ...files].map(loadModule).concat(kind?.family === 'fhir' ? [loadFhirPath()] : []));
}

let fhirPathLoading: Promise<void> | undefined;

/** Imports the FHIRPath engine of fhir-invariant, once (its R4 invariants beyond the native ones). */
function loadFhirPath(): Promise<void> {
  if (fhirPathEngine()) return Promise.resolve();
  fhirPathLoading ??= Promise.all([import('fhirpath'), import('fhirpath/fhir-context/r4')]).then(([engine, model]) => {
    // The ES build exports the engine as its default too; a bundler may hand over either form.
    const own = engine as unknown as { compile?: unknown; default?: { compile?: unknown } };
    const compile = (own.compile ?? own.default?.compile) as (path: unknown, model: FhirPathModel, options: unknown) => Evaluator;
    const r4 = ((model as { default?: unknown }).default ?? model) as FhirPathModel;
    setFhirPath({ compile: (path, options) => compile(path, r4, options), model: r4 });
  });
  return fhirPathLoading;
}

/**
 * Runs `check` (anything that calls validate(), such as a linter), loading each module it turns
 * out to need and running it again, until it completes. For checks that validate something other
 * than one prepared payload, e.g. the payload a fix produces.
 */
export async function runPrepared<T>(check: () => T): Promise<T> {
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof NotPreparedError) || modules.has(error.file)) throw error;
      await loadModule(error.file);
    }
  }
}

/** prepare(), then validate(): the browser's one-call validation. */
export async function validateAsync(payload: unknown, options?: ValidateOptions): Promise<ValidationResult> {
  await prepare(payload, options);
  return runPrepared(() => validate(payload, options));
}

// The FHIRPath engine (the `fhirpath` package and its R4 model), loaded on first use only: a payload
// that is no FHIR never loads it. In Node the main entry lets it be required synchronously (index.ts);
// the browser entry imports it in prepare() for FHIR payloads (browser.ts).

/** What fhir-invariant uses of the R4 model: the type of every element path. */
export interface FhirPathModel {
  readonly path2Type: Readonly<Record<string, string | { readonly code: string }>>;
  readonly choiceTypePaths: Readonly<Record<string, readonly string[]>>;
  readonly pathsDefinedElsewhere: Readonly<Record<string, string>>;
}

/** A compiled expression: the result list for a node, given `%resource` and `%rootResource`. */
export type Evaluator = (node: unknown, env: Readonly<Record<string, unknown>>) => unknown[];

export interface FhirPathEngine {
  /** Compiles an expression with the engine's whole R4 model (the package's, loaded with the engine). */
  readonly compile: (path: { base: string; expression: string }, options: { traceFn: () => void }) => Evaluator;
  /** What the invariant walk reads of the model (it may be read alone, without the engine's indexes). */
  readonly model: FhirPathModel;
}

let loader: (() => FhirPathEngine) | undefined;
let engine: FhirPathEngine | null | undefined;

/** Where the engine comes from: called once, on first use. */
export function provideFhirPath(load: () => FhirPathEngine): void {
  loader = load;
}

/** Hands over an engine already loaded (the browser entry's prepare()). */
export function setFhirPath(loaded: FhirPathEngine): void {
  engine = loaded;
}

/** The engine, or undefined where none can be had (a browser that has not prepared a FHIR payload). */
export function fhirPathEngine(): FhirPathEngine | undefined {
  if (engine === undefined && loader) {
    try {
      engine = loader();
    } catch {
      engine = null;
    }
  }
  return engine ?? undefined;
}

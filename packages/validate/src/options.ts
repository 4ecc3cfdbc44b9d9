import type { KindId } from '@cdx/types';
import { withoutTrailingSlashes } from './trim.js';

/** A user's say over a rule: turn it off, or force its severity. */
export type RuleSetting = 'off' | 'warn' | 'error';

/** Options of `validate()`. Every field is optional; defaults follow the spec. */
export interface ValidateOptions {
  /**
   * Validate as this kind instead of detecting it (needed for auth bodies, which cannot be
   * detected). A kind id of this version: a misspelt literal does not compile.
   */
  kind?: KindId;
  /** Per-rule severity overrides, e.g. `{ "unknown-field": "off" }`. */
  rules?: Readonly<Record<string, RuleSetting>>;
  /**
   * Base address of the service's FHIR definition URIs (`{fhir_defs_url}` in the spec), without a
   * trailing slash. Event URIs are `{fhirDefsUrl}/EventDefinition/<Event>`.
   */
  fhirDefsUrl?: string;
  /** The FHIR operation the bundle is sent to (e.g. `"$charge-item-create"`); eventUri must match it. */
  operation?: string;
  /** Largest inline `attachment.data` accepted, in characters of base64 text. Default 7,000,000. */
  attachmentLimit?: number;
  /** Extra known variant spellings: `{ "<variant>": "<canonical>" }`, reported as spelling drift. */
  knownVariants?: Readonly<Record<string, string>>;
  /** The caller holds more than one API key, so `Meta.Source.ID` is required (rule `source-id`). */
  multipleApiKeys?: boolean;
  /**
   * Most findings listed per rule (default 1,000); the rest become one finding per rule whose
   * `omitted` holds their count. `Infinity` lists everything. A positive whole number.
   */
  maxFindingsPerRule?: number;
  /**
   * Parts of the payload whose content is not known, for payloads read from code rather than JSON
   * (a TypeScript fixture's variables, calls and spreads). No finding is reported that an unknown
   * part could make false; see `UnknownParts`.
   */
  unknown?: UnknownParts;
}

/**
 * Where a payload holds values that are not known. The payload passed to `validate()` holds some
 * placeholder at each of `values` (any value distinct from the others will do).
 */
export interface UnknownParts {
  /**
   * JSON Pointers of values that are not known (a variable, a call). Nothing at or inside them is
   * reported, except what is about the member's own name (`spelling-drift`, `unknown-field`).
   */
  values?: readonly string[];
  /**
   * JSON Pointers of objects and arrays that may hold more than is shown (a spread, a computed
   * name). No finding about a member they lack, nor about their own size or shape.
   */
  open?: readonly string[];
}

/** Options after defaults are applied; what rules see. */
export interface ResolvedOptions {
  readonly kind: KindId | undefined;
  readonly rules: Readonly<Record<string, RuleSetting>>;
  readonly fhirDefsUrl: string | undefined;
  readonly operation: string | undefined;
  readonly attachmentLimit: number;
  readonly knownVariants: Readonly<Record<string, string>>;
  readonly multipleApiKeys: boolean;
  readonly maxFindingsPerRule: number;
  /** Undefined when everything is known (always, for JSON). */
  readonly unknown: { readonly values: readonly string[]; readonly open: readonly string[] } | undefined;
}

/** The spec's limit: "below 7 MB base64"; MB taken as 10^6 (see docs/decisions.md). */
export const DEFAULT_ATTACHMENT_LIMIT = 7_000_000;

/** Findings listed per rule unless `maxFindingsPerRule` says otherwise. */
export const DEFAULT_MAX_FINDINGS_PER_RULE = 1000;

function findingsLimit(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_FINDINGS_PER_RULE;
  if (value === Infinity || (Number.isInteger(value) && value >= 1)) return value;
  throw new RangeError(`maxFindingsPerRule must be a whole number, 1 or more (or Infinity); got ${String(value)}.`);
}

const EMPTY = Object.freeze({});

let defaults: ResolvedOptions | undefined;

export function resolveOptions(options?: ValidateOptions): ResolvedOptions {
  // Most calls pass no options: share one frozen object instead of building it per payload.
  if (options === undefined) return (defaults ??= Object.freeze(resolve({})));
  return resolve(options);
}

function resolve(options: ValidateOptions): ResolvedOptions {
  return {
    kind: options.kind,
    rules: options.rules ?? EMPTY,
    fhirDefsUrl: options.fhirDefsUrl === undefined ? undefined : withoutTrailingSlashes(options.fhirDefsUrl),
    operation: options.operation,
    attachmentLimit: options.attachmentLimit ?? DEFAULT_ATTACHMENT_LIMIT,
    knownVariants: options.knownVariants ?? EMPTY,
    multipleApiKeys: options.multipleApiKeys ?? false,
    maxFindingsPerRule: findingsLimit(options.maxFindingsPerRule),
    unknown: resolveUnknown(options.unknown),
  };
}

function resolveUnknown(unknown: UnknownParts | undefined): ResolvedOptions['unknown'] {
  const values = unknown?.values ?? [];
  const open = unknown?.open ?? [];
  return values.length === 0 && open.length === 0 ? undefined : { values, open };
}

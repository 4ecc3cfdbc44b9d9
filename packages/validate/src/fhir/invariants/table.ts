// How fhir-invariant checks each of R4's constraints (generated/fhir-invariants.ts): natively, with
// FHIRPath, by another rule, or not at all (with why). docs/rules/fhir-invariant.md lists the same.
import { INVARIANTS, REQUIRED_CODINGS, type InvariantRow } from '../../generated/fhir-invariants.js';
import corrected from './corrected.cjs';
import { guardOf } from './guard.js';

/** Checked by code of its own (native.ts), in the one walk every FHIR payload gets. */
export const NATIVE: ReadonlySet<string> = new Set(['ele-1', 'ext-1', 'dom-2', 'dom-3', 'dom-4', 'dom-5']);

/**
 * Checked by other rules, with messages of their own: fhir-bundle (bdl-1…bdl-12, natively, with
 * duplicate fullUrls and fullUrl/id agreement) and fhir-reference (ref-1, a `#id` reference
 * names a contained resource). What checks it, or undefined.
 */
export function otherRule(key: string): string | undefined {
  if (key.startsWith('bdl-')) return 'fhir-bundle';
  if (key === 'ref-1') return 'fhir-reference';
  return undefined;
}

/**
 * Constraints not enforced, and why: R4 itself gets them wrong (published errata, or they fail on the
 * official examples for that reason), or no FHIRPath engine can evaluate them as written.
 */
export const NOT_ENFORCED: Readonly<Record<string, string>> = {
  'txt-1': 'its FHIRPath calls htmlChecks(), a function the FHIRPath specification does not define; the R4 JSON schema already restricts `div` to XHTML',
  'txt-2': 'its FHIRPath calls htmlChecks(), a function the FHIRPath specification does not define',
  'ctm-1':
    "it asks whether `member.resolve()` is a Practitioner, and resolve() needs the referenced resource: the FHIRPath engine refuses it offline, so it was never reported; a participant's member is checked against R4's allowed target types by fhir-reference",
  'eld-11':
    'as written it can never fail: `type.select(…).exists()` is true for any type with a code, whatever the code (R5 rewrote it with where()); enforcing what it means would reject R4 definitions that follow the 4.0.1 expression',
};

/**
 * Constraints whose R4 expression is wrong in a way R4's later versions fixed: checked with the
 * corrected expression, and why (corrected.cjs).
 */
export const CORRECTED: Readonly<Record<string, { readonly expression: string; readonly why: string }>> = corrected;

/** One constraint as the rule checks it. */
export interface Invariant {
  readonly key: string;
  /** The element's path or the data type's name where R4 defines it. */
  readonly path: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly expression: string;
  /** Members any one of which, absent, means the constraint holds (guard.ts): no need to evaluate it. */
  readonly guards: readonly string[];
}

function toInvariant([key, path, severity, message, r4Expression]: InvariantRow): Invariant {
  const expression = CORRECTED[key]?.expression ?? r4Expression;
  // Read from the expression on first use: every process loads the table, a payload meets few paths.
  let guards: readonly string[] | undefined;
  return {
    key,
    path,
    severity,
    message,
    expression,
    get guards() {
      return (guards ??= guardOf(expression));
    },
  };
}

/** Every constraint of the table (for the docs test and tools). */
export const ALL_INVARIANTS: readonly Invariant[] = INVARIANTS.map(toInvariant);

/** Whether fhir-invariant evaluates this constraint with FHIRPath. */
export const byFhirPath = (inv: Invariant): boolean => !NATIVE.has(inv.key) && otherRule(inv.key) === undefined && !(inv.key in NOT_ENFORCED);

let errorsOnly: ReadonlyMap<string, readonly Invariant[]> | undefined;
let withWarnings: ReadonlyMap<string, readonly Invariant[]> | undefined;

function group(warnings: boolean): ReadonlyMap<string, readonly Invariant[]> {
  const map = new Map<string, Invariant[]>();
  for (const inv of ALL_INVARIANTS) {
    if (!byFhirPath(inv) || (inv.severity === 'warning' && !warnings)) continue;
    let list = map.get(inv.path);
    if (!list) map.set(inv.path, (list = []));
    list.push(inv);
  }
  return map;
}

/** The constraints fhir-invariant evaluates with FHIRPath, by element path or data type. */
export function fhirPathInvariants(warnings: boolean): ReadonlyMap<string, readonly Invariant[]> {
  if (warnings) return (withWarnings ??= group(true));
  return (errorsOnly ??= group(false));
}

/** A required binding of a CodeableConcept element: one of its codings must be from the value set. */
export interface RequiredCoding {
  readonly path: string;
  readonly valueSet: string;
  readonly system: string;
  readonly codes: ReadonlySet<string>;
}

let codings: ReadonlyMap<string, RequiredCoding> | undefined;

/** The required binding of the CodeableConcept element at `path`, if R4 gives it one the package enumerates. */
export function requiredCoding(path: string): RequiredCoding | undefined {
  codings ??= new Map(REQUIRED_CODINGS.map(([p, valueSet, system, codes]) => [p, { path: p, valueSet, system, codes: new Set(codes.split(' ')) }]));
  return codings.get(path);
}

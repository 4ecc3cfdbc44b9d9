import type { Finding, RenameFix, Severity } from '../finding.js';
import type { KindInfo } from '../kind-info.js';
import type { ResolvedOptions } from '../options.js';
import type { MemberReport } from '../members.js';
import type { AjvError } from '../registry.js';
import type { Shape } from '../shape.js';

/** What a rule reports; the rule's id and configured severity are filled in by the runner. */
export interface Report {
  pointer: string;
  message: string;
  fix?: RenameFix;
  suggestions?: RenameFix[];
  /** Overrides the rule's default severity for this one finding (before user configuration). */
  severity?: Severity;
  /** A summary of this many findings the rule did not list (see Finding.omitted). */
  omitted?: number;
}

/** Everything a rule may look at. Expensive parts are computed on first use and shared. */
export interface RuleContext {
  /** The payload as parsed (never mutated by rules). */
  readonly payload: unknown;
  readonly kind: KindInfo;
  readonly options: ResolvedOptions;
  /** The kind's field map (generated from its schema). */
  readonly shape: Shape;
  /** Unknown members, known variants and flagged fields, from one walk of the payload. */
  members(): MemberReport;
  /**
   * The canonical validator's errors (for FHIR, the R4 base definition's): what breaks the
   * schema. Empty when the strict twin accepted the payload.
   */
  schemaErrors(): readonly AjvError[];
  /**
   * A FHIR service profile's errors beyond R4 (its overlay), leaving out any at or inside a place
   * where `schemaErrors()` already reports. Empty for other kinds and when the twin accepted.
   */
  profileErrors(): readonly AjvError[];
  /**
   * Every `reference` string of a FHIR payload, as its strict twin met them while accepting it;
   * undefined when the twin did not accept it or could not see all of it (then walk the payload).
   */
  readonly twinReferences: readonly string[] | undefined;
  /**
   * `compute(payload)`, computed once per validation and shared by every rule that asks for the
   * same `compute` (for example the entries of a bundle, which five rules read).
   */
  shared<T>(compute: (payload: unknown) => T): T;
  report(report: Report): void;
}

/** One check. Rules live one per file and are listed in rules/index.ts. */
export interface Rule {
  /** Stable id, used in configuration, output and docs/rules/<id>.md. */
  readonly id: string;
  readonly defaultSeverity: Severity;
  /** One line for rule listings and SARIF metadata. */
  readonly description: string;
  /** Whether the rule runs for a kind at all (default: every kind). */
  appliesTo?(kind: KindInfo): boolean;
  /**
   * The rule relates parts of the payload to each other (references, required entries), so any
   * unknown part (`options.unknown`) can make its findings false: it is then skipped.
   */
  readonly needsWholePayload?: boolean;
  /**
   * The rule reports only from `members()`, `schemaErrors()` or `profileErrors()`. When the strict
   * twin accepted the payload they are empty, so the rule is not run at all (validate()'s fast path).
   */
  readonly settledByTwin?: boolean;
  check(context: RuleContext): void;
}

export type { Finding };

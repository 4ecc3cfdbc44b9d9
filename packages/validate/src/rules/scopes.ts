// The scopes of @cdx/validate's payload runner (validate.ts) and the context each gives its rules.
import type { Verification } from '../auth/check-signature.js';
import type { ResolvedCheckOptions } from '../auth/options.js';
import type { AjvError } from '../registry.js';
import type { KindInfo } from '../kind-info.js';
import type { MemberReport } from '../members.js';
import type { Shape } from '../shape.js';
import { defineScope } from './create-rule.js';

/** Everything a payload rule may look at. Expensive parts are computed on first use and shared. */
export interface PayloadContext {
  /** The payload as parsed (never mutated by rules). */
  readonly payload: unknown;
  readonly kind: KindInfo;
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
   * Every Reference object of a FHIR payload, each followed by its element as R4 names it
   * (`Observation.subject`), as its strict twin met them while accepting it; undefined when
   * `twinReferences` is, or when a Bundle below the root resolves references among its own entries.
   */
  readonly twinSites: readonly unknown[] | undefined;
  /**
   * The most findings of one rule validate() lists (its `maxFindingsPerRule`). A rule that can find
   * very many may stop building them past it and report the rest as one summary (`Report.omitted`).
   */
  readonly maxFindingsPerRule: number;
  /**
   * `compute(payload)`, computed once per validation and shared by every rule that asks for the
   * same `compute` (for example the entries of a bundle, which five rules read).
   */
  shared<T>(compute: (payload: unknown) => T): T;
}

/** A payload of a known kind: the rules validate() runs on every payload (schema first). */
export const PAYLOAD = defineScope<PayloadContext>('payload');

/** What unknown-kind looks at: a payload no kind fits, and every kind there is. */
export interface UndetectedContext {
  readonly payload: unknown;
  readonly kinds: readonly KindInfo[];
}

/** A payload no kind fits (only `unknown-kind`). */
export const UNDETECTED = defineScope<UndetectedContext>('undetected');

/**
 * A payload nested past the depth limit (only `nesting-depth`): `pointer` is its first container
 * that deep (depth.ts `findTooDeep`).
 */
export const TOO_DEEP = defineScope<{ readonly payload: unknown; readonly pointer: string }>('too-deep');

/** Why a client assertion could not be decoded: one of jwt-malformed's messages. */
export interface MalformedProblem {
  readonly messageId: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/**
 * A client assertion being checked (`@cdx/validate/auth`). Pointers address a virtual document
 * `{ header, payload }`: `/header/alg`, `/payload/exp`; `""` is the whole token.
 */
export interface AssertionContext {
  readonly token: string;
  /** The unverified header and claims; undefined when the token is malformed (`problem` says why). */
  readonly decoded: { readonly header: Readonly<Record<string, unknown>>; readonly payload: Readonly<Record<string, unknown>> } | undefined;
  readonly problem: MalformedProblem | undefined;
  /** What the checker was told (client ID, audience, saved jku, key, replay store, clock). */
  readonly settings: ResolvedCheckOptions;
  /** The signature check, run once on first call; undefined without a key or with an alg outside the set. */
  verification(): Promise<Verification | undefined>;
  /** How many findings the rules before this one reported. */
  reported(): number;
}

/** A client assertion (the rules `@cdx/validate/auth` checks a JWT with). */
export const ASSERTION = defineScope<AssertionContext>('assertion');

/** The fields of a POST /v2/auth/token form body: each name with every value it was given. */
export interface TokenFormContext {
  readonly fields: ReadonlyMap<string, readonly string[]>;
  /** What the body is when it is not a form at all (`null`, `number`…); `fields` is then empty. */
  readonly notForm: string | undefined;
}

/** A token request form body (only `token-form`). */
export const TOKEN_FORM = defineScope<TokenFormContext>('token-form');

import type { KindId } from '@cdx/types';
import { childPointer, quote, type Finding, type Severity } from './finding.js';
import { envelopedBody } from './cdshooks/envelope.js';
import { detectKindInfo } from './detect.js';
import { capFindings, FindingCap, listSurvivors, Superseding } from './findings-cap.js';
import { verifiedFixes } from './fix-check.js';
import type { KindInfo } from './kind-info.js';
import { walkMembers, type MemberReport } from './members.js';
import { resolveOptions, type ResolvedOptions, type ValidateOptions } from './options.js';
import { getKind, listKinds, loadKind, type AjvError, type Gathered, type KindModule, type StandaloneValidator } from './registry.js';
import { findingOf, type Report, type Rule, type RuleMeta } from './rules/create-rule.js';
import { RULES, rulesOf } from './rules/index.js';
import { findTooDeep } from './depth.js';
import { withoutSuperseded } from './supersede.js';
import { nearestIndex } from './nearest.js';
import { nestingDepthRule } from './rules/nesting-depth.js';
import { PAYLOAD, type PayloadContext } from './rules/scopes.js';
import type { Shape } from './shape.js';
import { unknownKindRule } from './rules/unknown-kind.js';
import { certainSchemaErrors, couldBeFalse, kindMayBeHidden, renameMayCollide } from './unknown-parts.js';

/** The outcome of validating one payload. */
export interface ValidationResult {
  /** The kind it was validated as, or null when none fits (then `findings` says why). */
  kind: KindId | null;
  /** No finding of severity `error`. */
  valid: boolean;
  findings: Finding[];
}

/** Thrown for a programming error (an unknown `kind` option), never for bad payloads. */
export class UnknownKindError extends Error {
  override name = 'UnknownKindError';
}

function severityOf(meta: RuleMeta, options: ResolvedOptions, own?: Severity): Severity | undefined {
  const setting = options.rules[meta.id];
  if (setting === 'off') return undefined;
  if (setting === 'warn') return 'warning';
  if (setting === 'error') return 'error';
  return own ?? meta.severity;
}

/** Where a validation's findings go: a list, and the cap that decides which are listed. */
interface Sink {
  readonly list: Finding[];
  /** Undefined when findings are capped afterwards (payloads with unknown parts, filtered first). */
  readonly cap: FindingCap | undefined;
  /** What superseding decides about among the rules that run on this payload (supersedingFor). */
  superseding: Superseding;
  /** Findings on the list past the cap whose message is not made yet (`built`): their rule and report. */
  unbuilt: Map<Finding, readonly [RuleMeta, Report]> | undefined;
  /** Findings past the cap that superseding drops others for: read by it, never listed. */
  readonly unlisted: Finding[];
}

/** A finding as superseding reads it: rule, message, place, and its rename where what it drops stands at the landing. */
function asSuperseding(into: Sink, meta: RuleMeta, report: Report, severity: Severity): Finding {
  const finding: Finding = { ruleId: meta.id, messageId: report.messageId, severity, message: '', pointer: report.pointer };
  const fix = into.superseding.renames(meta.id, report.messageId) ? (report.details?.().fix ?? report.fix) : undefined;
  if (fix) finding.fix = fix;
  return finding;
}

/** The listed findings, each made now if it was kept unbuilt. */
function built(into: Sink, listed: Finding[]): Finding[] {
  const { unbuilt } = into;
  if (!unbuilt) return listed;
  return listed.map((f) => {
    const made = unbuilt.get(f);
    return made ? findingOf(made[0], made[1], f.severity) : f;
  });
}

/**
 * Asks the cap before a finding's message is built: a million failures cost a thousand messages. One
 * that superseding may drop cannot be counted yet (the rule that drops it may not have run): it goes
 * on the list past the cap, unbuilt, and listSurvivors caps the list once every rule has run. One past
 * the cap that superseding drops others for is counted, and kept only as superseding reads it.
 */
function push(into: Sink, meta: RuleMeta, options: ResolvedOptions, report: Report): void {
  const severity = severityOf(meta, options, report.severity);
  if (!severity) return;
  const { cap, superseding } = into;
  const one = report.omitted === undefined;
  if (!cap) into.list.push(findingOf(meta, report, severity));
  else if (one && superseding.mayDrop(meta.id, report.messageId)) {
    const finding = asSuperseding(into, meta, report, severity);
    (into.unbuilt ??= new Map()).set(finding, [meta, report]);
    into.list.push(finding);
  } else if (cap.admit(meta.id, severity, report, report.omitted, into.list.length)) into.list.push(findingOf(meta, report, severity));
  else if (one && superseding.dropsFor(meta.id, report.messageId)) into.unlisted.push(asSuperseding(into, meta, report, severity));
}

/** Runs a rule of a scope other than payloads (unknown-kind, nesting-depth) with its context. */
function runOnce<C>(rule: Rule<C>, context: C, options: ResolvedOptions, findings: Sink): void {
  if (options.rules[rule.meta.id] === 'off') return;
  void rule.check({
    ...context,
    options: options.ruleOptions,
    report: (report: Report) => {
      push(findings, rule.meta, options, report);
    },
  });
}

/**
 * A finding the runner makes for a rule that threw (messageId `unfinished`, one of
 * findings-cap.ts RUNNER_MESSAGE_IDS): the rule's other findings stay.
 */
function unfinished(into: Sink, meta: RuleMeta, options: ResolvedOptions, error: unknown): void {
  const severity = severityOf(meta, options);
  if (!severity) return;
  // As push() asks the cap, except that this finding is made at once: there is one per rule at most.
  if (into.cap && !into.superseding.mayDrop(meta.id, 'unfinished') && !into.cap.admit(meta.id, severity, { pointer: '' }, undefined, into.list.length)) return;
  into.list.push({
    ruleId: meta.id,
    messageId: 'unfinished',
    severity,
    pointer: '',
    message: `The \`${meta.id}\` check could not finish on this payload: ${whyFailed(error)}.`,
  });
}

/** What an exception from reading the payload says, in one short line. */
function whyFailed(error: unknown): string {
  if (error instanceof RangeError) return `a value is too large or too deeply nested for it (${error.name}: ${clip(error.message)})`;
  const described = error instanceof Error ? `${error.name}: ${clip(error.message)}` : clip(safely(() => String(error)) ?? typeof error);
  return `reading the payload threw ${described} (a getter or Proxy in a payload built in code?)`;
}

/** At most 120 characters of a message, on one line. */
function clip(text: string): string {
  const line = text.split('\n')[0]!;
  return line.length <= 120 ? line : `${line.slice(0, 120)}…`;
}

/** The value, or undefined when computing it throws (a hostile getter or Proxy trap). */
function safely<T>(compute: () => T): T | undefined {
  try {
    return compute();
  } catch {
    return undefined;
  }
}

type PayloadRule = Rule<PayloadContext>;

/** validate()'s payload rules, schema first (its findings lead), then by id. */
const PAYLOAD_RULES: readonly PayloadRule[] = [...rulesOf(PAYLOAD)].sort((a, b) => (a.meta.id === 'schema' ? -1 : b.meta.id === 'schema' ? 1 : 0));

/** Every rule's meta by id, for what is decided after the rules ran (unknown parts). */
const META = new Map<string, RuleMeta>(RULES.map((rule) => [rule.meta.id, rule.meta]));

/** A kind's rules: all of them, and those a payload its strict twin accepted still needs. */
interface KindRules {
  readonly all: readonly PayloadRule[];
  readonly clean: readonly PayloadRule[];
}

const rulesByKind = new Map<string, KindRules>();

/** Computed once per kind. */
function rulesFor(kind: KindInfo): KindRules {
  let rules = rulesByKind.get(kind.id);
  if (!rules) {
    const all = PAYLOAD_RULES.filter((rule) => !rule.appliesTo || rule.appliesTo(kind));
    rules = { all, clean: all.filter((rule) => !rule.meta.settledByTwin) };
    rulesByKind.set(kind.id, rules);
  }
  return rules;
}

/** Rules outside the kinds' lists, which run on any payload they concern (nesting-depth, unknown-kind). */
const BESIDE_KINDS = RULES.filter((rule) => (rule.scope as unknown) !== PAYLOAD).map((rule) => rule.meta);

const supersedingByKinds = new Map<string, Superseding>();

/** What superseding decides about on a payload of these kinds (its own, its enveloped body's): computed once per kinds. */
function supersedingFor(kinds: readonly KindInfo[]): Superseding {
  const key = kinds.length === 1 ? kinds[0]!.id : kinds.map((kind) => kind.id).join('\u0000');
  let superseding = supersedingByKinds.get(key);
  if (!superseding) {
    superseding = new Superseding([...BESIDE_KINDS, ...kinds.flatMap((kind) => rulesFor(kind).all.map((rule) => rule.meta))]);
    supersedingByKinds.set(key, superseding);
  }
  return superseding;
}

const NOTHING_TO_REPORT: MemberReport = Object.freeze({ issues: [], noDataOnDemand: [] });
const NO_ERRORS: readonly AjvError[] = Object.freeze([]);

/** Where an error puts its finding: a missing member's own pointer, else the instance. */
function errorPosition(error: AjvError): string {
  const missing = error.params.missingProperty;
  return (error.keyword === 'required' || error.keyword === 'dependentRequired') && typeof missing === 'string'
    ? childPointer(error.instancePath, missing)
    : error.instancePath;
}

/** One payload's context; a class so that each validation allocates one object, not one per closure. */
class Context implements PayloadContext {
  /** The rule whose reports are being taken. */
  current: PayloadRule | undefined;
  twinReferences: readonly string[] | undefined;
  twinSites: readonly unknown[] | undefined;
  #members: MemberReport | undefined;
  #schemaErrors: readonly AjvError[] | undefined;
  #profileErrors: readonly AjvError[] | undefined;
  #shared: Map<(payload: unknown) => unknown, unknown> | undefined;

  constructor(
    readonly payload: unknown,
    readonly kind: KindInfo,
    private readonly settings: ResolvedOptions,
    private readonly module: KindModule,
    private readonly findings: Sink,
    clean: boolean,
    /** Whether the payload nests past nesting-depth's limit (validate() reports it once). */
    private readonly depth: DepthCount,
  ) {
    if (clean) {
      this.#members = NOTHING_TO_REPORT;
      this.#schemaErrors = NO_ERRORS;
      this.#profileErrors = NO_ERRORS;
    }
  }

  /** Every rule option (each rule's `options` type names the ones it reads). */
  get options(): ResolvedOptions['ruleOptions'] {
    return this.settings.ruleOptions;
  }

  get maxFindingsPerRule(): number {
    return this.settings.maxFindingsPerRule;
  }

  get shape(): Shape {
    return this.module.exact().shape;
  }

  members(): MemberReport {
    return (this.#members ??= walkMembers(this.payload, this.module.exact().shape, this.settings.ruleOptions.knownVariants));
  }

  schemaErrors(): readonly AjvError[] {
    return (this.#schemaErrors ??= this.#errorsOf(this.module.exact().validate));
  }

  profileErrors(): readonly AjvError[] {
    if (this.#profileErrors) return this.#profileErrors;
    const { overlay } = this.module.exact();
    const errors = overlay ? this.#errorsOf(overlay) : NO_ERRORS;
    if (errors.length === 0) return (this.#profileErrors = NO_ERRORS);
    // What R4 already rejects is schema's to report: nothing at or inside one of its places.
    const broken = new Set(this.schemaErrors().map(errorPosition));
    const inBroken = (at: string) => {
      for (let p = at; ; p = p.slice(0, p.lastIndexOf('/'))) {
        if (broken.has(p)) return true;
        if (p === '') return false;
      }
    };
    return (this.#profileErrors = errors.filter((e) => !inBroken(errorPosition(e))));
  }

  #errorsOf(validator: StandaloneValidator): readonly AjvError[] {
    if (validator(this.payload)) return NO_ERRORS;
    const errors = validator.errors ?? [];
    return this.settings.unknown ? certainSchemaErrors(errors, this.settings.unknown) : errors;
  }

  shared<T>(compute: (payload: unknown) => T): T {
    const values = (this.#shared ??= new Map<(payload: unknown) => unknown, unknown>());
    let value = values.get(compute);
    if (value === undefined && !values.has(compute)) values.set(compute, (value = compute(this.payload)));
    return value as T;
  }

  report(report: Report): void {
    if (this.current) push(this.findings, this.current.meta, this.settings, report);
  }

  /**
   * A rule threw. The findings already made stay; the failure itself becomes a finding of the rule
   * that could not finish, unless it overflowed the stack on a payload nested past the limit: then
   * the nesting-depth finding validate() makes for the payload says why.
   */
  failed(rule: PayloadRule, error: unknown): void {
    if (error instanceof RangeError && this.depth.tooDeep() !== undefined) return;
    unfinished(this.findings, rule.meta, this.settings, error);
  }
}

/** Runs the strict twin; for FHIR kinds also gathers the references it meets. */
function runTwin(payload: unknown, kind: KindInfo, module: KindModule): { clean: boolean; gathered?: Gathered } {
  if (kind.family !== 'fhir') return { clean: module.strict(payload) };
  const gathered: Gathered = { references: [], complete: true, sites: [] };
  return { clean: module.strict(payload, gathered), gathered };
}

/**
 * Whether a payload nests past nesting-depth's limit, counted once and only when it matters: where
 * the strict twin refused the payload (the member walks that then run stop at the limit, and what
 * they would find below it would go unsaid), or when a check overflowed its stack. A payload its twin
 * accepts whole was checked at every depth, and is not walked again: counting every valid payload
 * cost 4–8% of validate() on R4's examples.
 */
class DepthCount {
  #counted = false;
  #pointer: string | undefined;

  constructor(private readonly payload: unknown) {}

  /** The first container past the limit, counted now if not yet; undefined when none is. */
  tooDeep(): string | undefined {
    if (!this.#counted) {
      this.#counted = true;
      this.#pointer = safely(() => findTooDeep(this.payload));
    }
    return this.#pointer;
  }

  /** The first container past the limit if it was counted. */
  get found(): string | undefined {
    return this.#pointer;
  }
}

function runRules(payload: unknown, kind: KindInfo, module: KindModule, options: ResolvedOptions, findings: Sink, depth: DepthCount): void {
  // Fast path: a payload its strict twin accepts has no schema error and no member issue. A twin
  // that throws (a stack overflow, a getter) settles nothing: every rule runs and speaks for itself.
  const { clean, gathered } = safely(() => runTwin(payload, kind, module)) ?? { clean: false };
  if (!clean) depth.tooDeep();
  const context = new Context(payload, kind, options, module, findings, clean, depth);
  if (clean && gathered?.complete) {
    context.twinReferences = gathered.references;
    if (gathered.nested !== true) context.twinSites = gathered.sites;
  }
  const rules = rulesFor(kind);
  for (const rule of clean ? rules.clean : rules.all) {
    if (options.rules[rule.meta.id] === 'off' || (rule.meta.needsWholePayload && options.unknown)) continue;
    context.current = rule;
    try {
      void rule.check(context);
    } catch (error) {
      context.failed(rule, error);
    }
  }
}

/** Before the kind is known, nothing waits for superseding: only unknown-kind reports then. */
const NOT_YET = new Superseding([]);

/** validate() without the check of its own fixes (which calls this again on the fixed payload). */
function validateOnce(payload: unknown, resolved: ResolvedOptions): ValidationResult {
  const findings: Finding[] = [];
  // Capped as they come, so a million failures never become a million findings; payloads with
  // unknown parts are capped after the filter below, which may drop some.
  const cap = resolved.unknown ? undefined : new FindingCap(resolved.maxFindingsPerRule);
  const out: Sink = { list: findings, cap, superseding: NOT_YET, unbuilt: undefined, unlisted: [] };
  let kind: KindInfo | undefined;
  try {
    kind = resolved.kind === undefined ? detectKindInfo(payload) : getKind(resolved.kind);
  } catch (error) {
    // Detection reads Meta and resourceType: only a hostile getter or Proxy trap throws here.
    push(out, unknownKindRule.meta, resolved, { pointer: '', messageId: 'unreadable', data: { reason: whyFailed(error) } });
    return { kind: null, valid: !findings.some((f) => f.severity === 'error'), findings };
  }
  if (resolved.kind !== undefined && !kind) {
    const ids = listKinds().map((k) => k.id);
    const near =
      typeof resolved.kind === 'string'
        ? nearestIndex(
            resolved.kind.toLowerCase(),
            ids.map((id) => id.toLowerCase()),
          )
        : undefined;
    // Short: the list of every kind is listKinds()' to give, not an error message's.
    throw new UnknownKindError(
      `Unknown kind ${quote(resolved.kind)}; ${near === undefined ? '' : `did you mean ${JSON.stringify(ids[near])}? `}listKinds() returns every kind id.`,
    );
  }
  if (!kind) {
    if (resolved.unknown && safely(() => kindMayBeHidden(payload, resolved.unknown!))) return { kind: null, valid: true, findings };
    try {
      runOnce(unknownKindRule, { payload, kinds: listKinds() }, resolved, out);
    } catch (error) {
      findings.length = 0;
      push(out, unknownKindRule.meta, resolved, { pointer: '', messageId: 'unreadable', data: { reason: whyFailed(error) } });
    }
    return { kind: null, valid: !findings.some((f) => f.severity === 'error'), findings };
  }
  // A CDS Hooks document in the envelope with no listing of its own: its body gets every check of its bare kind.
  const found = kind;
  const enveloped = safely(() => envelopedBody(found, payload));
  out.superseding = supersedingFor(enveloped ? [kind, enveloped.kind] : [kind]);
  // Counted, not caught: whether a payload nests past nesting-depth's limit is a walk that never
  // recurses past that limit, so the answer depends neither on the stack size nor on which check
  // would overflow (past the limit the walks stop silently; this finding says so). Reported once, after the rules.
  const depth = new DepthCount(payload);
  runRules(payload, kind, loadKind(kind), resolved, out, depth);
  if (enveloped) runRules(enveloped.body, enveloped.kind, loadKind(enveloped.kind), resolved, out, depth);
  const tooDeep = depth.found;
  if (tooDeep !== undefined) runOnce(nestingDepthRule, { payload, pointer: tooDeep }, resolved, out);
  // The one place unknown parts are accounted for, after every rule has spoken; the cap lists
  // what superseding leaves (one finding per cause), and counts nothing it drops.
  const { unknown } = resolved;
  const spoken = withoutSuperseded(out.unlisted.length > 0 ? [...findings, ...out.unlisted] : findings, (id) => META.get(id));
  const kept = unknown
    ? capFindings(
        spoken
          .filter((f) => safely(() => !couldBeFalse(META.get(f.ruleId)?.aboutMemberName === true, f.pointer, payload, unknown)) ?? true)
          .map((f) => (f.fix && renameMayCollide(f.fix, unknown) ? withoutFix(f) : f)),
        resolved.maxFindingsPerRule,
      )
    : built(out, listSurvivors(findings, spoken, cap!));
  return { kind: kind.id, valid: !kept.some((f) => f.severity === 'error'), findings: kept };
}

/**
 * Validates a payload: detects its kind (or uses `options.kind`), runs the kind's precompiled
 * schema validator, then every semantic rule. Never throws for any payload: a check that throws
 * (a stack overflow, a getter or Proxy trap of a payload built in code) becomes a finding of that
 * check (messageId `unfinished`), and the other checks' findings stay. A payload nested past
 * nesting-depth's limit gets one nesting-depth finding, whether or not a check overflowed on it.
 * A fix is offered only if the payload with every fix applied validates no worse (fix-check.ts);
 * otherwise it becomes a suggestion.
 */
export function validate(payload: unknown, options?: ValidateOptions): ValidationResult {
  const resolved = resolveOptions(options);
  const result = validateOnce(payload, resolved);
  if (!result.findings.some((f) => f.fix)) return result;
  const verified = safely(() =>
    verifiedFixes(payload, result.findings, (fixed) => validateOnce(fixed, { ...resolved, kind: result.kind ?? undefined }).findings),
  );
  // A fix that cannot be checked (the payload throws when read) is not certain: a suggestion.
  return { ...result, findings: verified ?? result.findings.map(withoutFix) };
}

function withoutFix(finding: Finding): Finding {
  const { fix, ...rest } = finding;
  return fix ? { ...rest, suggestions: [...(rest.suggestions ?? []), fix] } : finding;
}

import { createRequire } from 'node:module';
import type { Finding, Severity } from './finding.js';
import { detectKindInfo } from './detect.js';
import type { KindInfo } from './kind-info.js';
import { walkMembers, type MemberReport } from './members.js';
import { resolveOptions, type ResolvedOptions, type ValidateOptions } from './options.js';
import { getKind, listKinds, loadKind, type KindModule } from './registry.js';
import { RULES } from './rules/index.js';
import { findTooDeep, nestingDepthMeta } from './rules/nesting-depth.js';
import type { Report, Rule, RuleContext } from './rules/rule.js';
import type { ShapeNode } from './shape.js';
import { reportSchemaErrors, schemaRule } from './rules/schema.js';
import { diagnoseUnknownKind, unknownKindMeta } from './rules/unknown-kind.js';
import { certainSchemaErrors, couldBeFalse, kindMayBeHidden } from './unknown-parts.js';

/** The outcome of validating one payload. */
export interface ValidationResult {
  /** The kind it was validated as, or null when none fits (then `findings` says why). */
  kind: string | null;
  /** No finding of severity `error`. */
  valid: boolean;
  findings: Finding[];
}

/** Thrown for a programming error (an unknown `kind` option), never for bad payloads. */
export class UnknownKindError extends Error {
  override name = 'UnknownKindError';
}

function severityOf(rule: { id: string; defaultSeverity: Severity }, options: ResolvedOptions, own?: Severity): Severity | undefined {
  const setting = options.rules[rule.id];
  if (setting === 'off') return undefined;
  if (setting === 'warn') return 'warning';
  if (setting === 'error') return 'error';
  return own ?? rule.defaultSeverity;
}

function push(findings: Finding[], rule: Rule | typeof unknownKindMeta | typeof nestingDepthMeta, options: ResolvedOptions, report: Report): void {
  const severity = severityOf(rule, options, report.severity);
  if (!severity) return;
  const finding: Finding = { ruleId: rule.id, severity, message: report.message, pointer: report.pointer };
  if (report.fix) finding.fix = report.fix;
  if (report.suggestions) finding.suggestions = report.suggestions;
  findings.push(finding);
}

/** A kind's rules after `schema` (which validate() runs itself): all of them, and those a clean payload needs. */
interface KindRules {
  readonly all: readonly Rule[];
  readonly clean: readonly Rule[];
}

const rulesByKind = new Map<string, KindRules>();

/** Computed once per kind. */
function rulesFor(kind: KindInfo): KindRules {
  let rules = rulesByKind.get(kind.id);
  if (!rules) {
    const all = RULES.filter((rule) => rule !== schemaRule && (!rule.appliesTo || rule.appliesTo(kind)));
    rules = { all, clean: all.filter((rule) => !rule.onlyMembers) };
    rulesByKind.set(kind.id, rules);
  }
  return rules;
}

const NOTHING_TO_REPORT: MemberReport = Object.freeze({ issues: [], noDataOnDemand: [] });

/** One payload's context; a class so that each validation allocates one object, not one per closure. */
class Context implements RuleContext {
  /** The rule whose reports are being taken. */
  current: Rule = schemaRule;
  twinReferences: readonly string[] | undefined;
  #members: MemberReport | undefined;
  #shared: Map<(payload: unknown) => unknown, unknown> | undefined;

  constructor(
    readonly payload: unknown,
    readonly kind: KindInfo,
    readonly options: ResolvedOptions,
    private readonly module: KindModule,
    private readonly findings: Finding[],
    clean: boolean,
  ) {
    if (clean) this.#members = NOTHING_TO_REPORT;
  }

  get shape(): readonly ShapeNode[] {
    return this.module.exact().shape;
  }

  members(): MemberReport {
    return (this.#members ??= walkMembers(this.payload, this.module.exact().shape, this.options.knownVariants));
  }

  shared<T>(compute: (payload: unknown) => T): T {
    const values = (this.#shared ??= new Map());
    let value = values.get(compute);
    if (value === undefined && !values.has(compute)) values.set(compute, (value = compute(this.payload)));
    return value as T;
  }

  report(report: Report): void {
    push(this.findings, this.current, this.options, report);
  }
}

/** What FHIR twins gather while they validate (twin-sink.cjs), shared with the generated code. */
const sink = createRequire(import.meta.url)('./twin-sink.cjs') as { current: Gathered | null };

interface Gathered {
  references: string[];
  complete: boolean;
}

/** Runs the strict twin; for FHIR kinds also collects what it gathers (saving and restoring any outer run). */
function runTwin(payload: unknown, kind: KindInfo, module: KindModule): { clean: boolean; gathered?: Gathered } {
  if (kind.family !== 'fhir') return { clean: module.strict(payload) };
  const outer = sink.current;
  const gathered: Gathered = (sink.current = { references: [], complete: true });
  try {
    return { clean: module.strict(payload), gathered };
  } finally {
    sink.current = outer;
  }
}

function runRules(payload: unknown, kind: KindInfo, module: KindModule, options: ResolvedOptions, findings: Finding[]): void {
  // Fast path: a payload its strict twin accepts has no schema error and no member issue.
  const { clean, gathered } = runTwin(payload, kind, module);
  const context = new Context(payload, kind, options, module, findings, clean);
  if (clean && gathered?.complete) context.twinReferences = gathered.references;
  const canonical = clean ? undefined : module.exact().validate;
  if (canonical && !canonical(payload)) {
    const errors = canonical.errors ?? [];
    reportSchemaErrors(options.unknown ? certainSchemaErrors(errors, options.unknown) : errors, context);
  }
  const rules = rulesFor(kind);
  for (const rule of clean ? rules.clean : rules.all) {
    if (options.rules[rule.id] === 'off' || (rule.needsWholePayload && options.unknown)) continue;
    context.current = rule;
    rule.check(context);
  }
}

/**
 * Validates a payload: detects its kind (or uses `options.kind`), runs the kind's precompiled
 * schema validator, then every semantic rule. Never throws for any payload.
 */
export function validate(payload: unknown, options?: ValidateOptions): ValidationResult {
  const resolved = resolveOptions(options);
  const findings: Finding[] = [];
  const kind = resolved.kind === undefined ? detectKindInfo(payload) : getKind(resolved.kind);
  if (resolved.kind !== undefined && !kind) {
    throw new UnknownKindError(`Unknown kind ${JSON.stringify(resolved.kind)}; known kinds: ${listKinds().map((k) => k.id).join(', ')}`);
  }
  if (!kind) {
    if (resolved.unknown && kindMayBeHidden(payload, resolved.unknown)) return { kind: null, valid: true, findings };
    push(findings, unknownKindMeta, resolved, diagnoseUnknownKind(payload, listKinds()));
    return { kind: null, valid: !findings.some((f) => f.severity === 'error'), findings };
  }
  try {
    runRules(payload, kind, loadKind(kind), resolved, findings);
  } catch (error) {
    // Only a recursive schema can be driven this deep; the stack overflow is the cheapest detector.
    if (!(error instanceof RangeError)) throw error;
    findings.length = 0;
    push(findings, nestingDepthMeta, resolved, {
      pointer: findTooDeep(payload) ?? '',
      message: 'The payload nests objects or arrays too deeply to be a real message; it was not validated.',
    });
  }
  // The one place unknown parts are accounted for, after every rule has spoken.
  const { unknown } = resolved;
  const kept = unknown ? findings.filter((f) => !couldBeFalse(f.ruleId, f.pointer, payload, unknown)) : findings;
  return { kind: kind.id, valid: !kept.some((f) => f.severity === 'error'), findings: kept };
}

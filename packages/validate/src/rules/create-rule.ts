// The one way to write a rule, in the spirit of typescript-eslint's `createRule`: what the rule is
// (its meta: id, default severity, description, messages by id, options schema, facts the runner
// relies on) sits beside what it does (`check`). Every rule of every package is made here, and
// every listing, docs page, SARIF table and config check reads the meta of the registry
// (rules/index.ts, and cdx-lint's own rules beside it).
import type { Finding, RenameFix, Severity } from '../finding.js';
import { RUNNER_MESSAGE_IDS } from '../findings-cap.js';
import type { KindInfo } from '../kind-info.js';

import { RULE_DOCS_URL } from './docs-url.js';

export { RULE_DOCS_URL };

/**
 * What a rule looks at, and so the context its `check` is given: a payload of a known kind, a
 * client assertion, a search form, a file's text… `C` exists only for the type checker; runners
 * pick their rules from the registry by scope.
 */
export interface Scope<C> {
  readonly name: string;
  /** Never set: carries the context type. */
  readonly context?: C;
}

/** A scope whose rules are given a context of type `C`. */
export function defineScope<C>(name: string): Scope<C> {
  return Object.freeze({ name });
}

/** The JSON Schema of a rule's options: an object whose members are the options it reads. */
export interface OptionsSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly additionalProperties: false;
}

/**
 * Where the findings a rule supersedes stand, relative to its own finding: at its pointer
 * (`same`), at or inside it (`subtree`), where its fix renames the member to (`renamed`), at a
 * sibling member of it (`{ sibling }`), at the object or array that holds it (`parent`), or at a fixed
 * place in the payload (`{ pointer }`).
 */
export type SupersededAt = 'same' | 'subtree' | 'renamed' | 'parent' | { readonly sibling: string } | { readonly pointer: string };

/**
 * One cause, one finding: a finding of this rule (of the messages `by`, default all) stands for
 * the findings of another rule (of the messages `messages`, default all) at the place `at`.
 * validate() drops those after every rule has run, so turning this rule off brings them back.
 */
export interface Supersession {
  readonly by?: readonly string[];
  readonly rule: string;
  readonly messages?: readonly string[];
  readonly at: SupersededAt;
}

/** What every rule declares about itself. */
export interface RuleMeta<M extends string = string> {
  /** Stable id, used in configuration, output and docs/rules/<id>.md. */
  readonly id: string;
  readonly severity: Severity;
  /** One line for rule listings and SARIF metadata. */
  readonly description: string;
  readonly docsUrl: string;
  /**
   * Message templates by id. `{{name}}` is filled from the report's `data`; every finding's
   * message is one of these, filled.
   */
  readonly messages: Readonly<Record<M, string>>;
  /** The options the rule reads (validate()'s option names), or undefined when it has none. */
  readonly options: OptionsSchema | undefined;
  /** Whether a configuration may change its severity (a file that cannot be parsed is always fatal). */
  readonly configurable: boolean;
  /**
   * Payload rules: the rule reports only from `members()`, `schemaErrors()` or `profileErrors()`,
   * which are empty when the strict twin accepted the payload; validate()'s fast path then skips it.
   */
  readonly settledByTwin: boolean;
  /**
   * Payload rules: the rule relates parts of the payload to each other (references, required
   * entries), so any part that is not known (`options.unknown`) can make its findings false; it is
   * then skipped.
   */
  readonly needsWholePayload: boolean;
  /** Payload rules: findings are about a member's name, which is known even when its value is not. */
  readonly aboutMemberName: boolean;
  /** Payload rules: the findings of other rules that a finding of this one stands for. */
  readonly supersedes: readonly Supersession[];
  /**
   * Rules of its scope that run before it (their findings come first, and it may read how many
   * they reported); `'*'` is every other rule of its scope. The runners order by it (src/run-order.ts).
   */
  readonly after: readonly string[];
}

/** What a rule reports; the runner adds the rule id, the severity and the filled message. */
export interface Report<M extends string = string> {
  messageId: M;
  /** Values of the message's placeholders. */
  data?: Readonly<Record<string, string | number>>;
  pointer: string;
  fix?: RenameFix;
  suggestions?: RenameFix[];
  /** Overrides the rule's default severity for this one finding (before user configuration). */
  severity?: Severity;
  /** A summary of this many findings the rule does not list one by one (see Finding.omitted). */
  omitted?: number;
  /**
   * The costly parts (the message's values, the fix, suggestions), made only for a finding that is
   * listed: the runner asks the findings cap first, so a finding past it costs next to nothing.
   * What it returns takes the place of the same members given directly.
   */
  details?: () => Pick<Report<M>, 'data' | 'fix' | 'suggestions'>;
}

/** What every context has besides what its scope adds. */
export interface RuleTools<M extends string, O> {
  /** The rule's options, validated and with defaults applied. */
  readonly options: Readonly<O>;
  // A function property, not a method: rules destructure it from their context (`check({ report })`).
  readonly report: (report: Report<M>) => void;
}

/** A rule as registered. */
export interface Rule<C = unknown, M extends string = string, O = unknown> {
  readonly scope: Scope<C>;
  readonly meta: RuleMeta<M>;
  readonly defaultOptions: Readonly<O>;
  /** Payload rules: whether the rule runs for a kind at all (default: every kind). */
  readonly appliesTo?: (kind: KindInfo) => boolean;
  readonly check: (context: C & RuleTools<M, O>) => void | Promise<void>;
}

/** What `createRule` is given. Booleans default to false, `configurable` to true. */
export interface RuleDefinition<C, M extends string, O> {
  scope: Scope<C>;
  meta: {
    id: string;
    severity: Severity;
    description: string;
    messages: Readonly<Record<M, string>>;
    options?: OptionsSchema;
    configurable?: boolean;
    settledByTwin?: boolean;
    needsWholePayload?: boolean;
    aboutMemberName?: boolean;
    supersedes?: readonly Supersession[];
    after?: readonly string[];
  };
  defaultOptions?: O;
  appliesTo?: (kind: KindInfo) => boolean;
  check: (context: C & RuleTools<M, O>) => void | Promise<void>;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;

/** The placeholder names of a message template, in order of appearance. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** Makes a rule. Throws for a meta that cannot be right (checked once, when the module loads). */
export function createRule<C, M extends string, O = object>(definition: RuleDefinition<C, M, O>): Rule<C, M, O> {
  const { meta } = definition;
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(meta.id)) throw new Error(`createRule: ${JSON.stringify(meta.id)} is not a rule id (kebab-case)`);
  if (Object.keys(meta.messages).length === 0) throw new Error(`createRule(${meta.id}): a rule has at least one message`);
  const reserved = RUNNER_MESSAGE_IDS.filter((id) => Object.hasOwn(meta.messages, id));
  if (reserved.length > 0) throw new Error(`createRule(${meta.id}): message id ${reserved.join(', ')} is the runners' own (findings-cap.ts)`);
  const optionNames = Object.keys(meta.options?.properties ?? {});
  const defaults = Object.keys(definition.defaultOptions ?? {});
  if (defaults.length !== optionNames.length || defaults.some((name) => !optionNames.includes(name))) {
    throw new Error(`createRule(${meta.id}): defaultOptions must give every option of meta.options, and only those`);
  }
  return Object.freeze({
    scope: definition.scope,
    meta: Object.freeze({
      id: meta.id,
      severity: meta.severity,
      description: meta.description,
      docsUrl: `${RULE_DOCS_URL}${meta.id}.md`,
      messages: Object.freeze({ ...meta.messages }),
      options: meta.options,
      configurable: meta.configurable ?? true,
      settledByTwin: meta.settledByTwin ?? false,
      needsWholePayload: meta.needsWholePayload ?? false,
      aboutMemberName: meta.aboutMemberName ?? false,
      supersedes: Object.freeze([...(meta.supersedes ?? [])]),
      after: Object.freeze([...(meta.after ?? [])]),
    }),
    defaultOptions: Object.freeze({ ...(definition.defaultOptions ?? {}) }) as Readonly<O>,
    ...(definition.appliesTo ? { appliesTo: definition.appliesTo } : {}),
    check: definition.check,
  });
}

/** Each template split once into text and placeholder names: text at even indexes, names at odd ones. */
const PARTS = new Map<string, readonly string[]>();

function partsOf(template: string): readonly string[] {
  let parts = PARTS.get(template);
  if (!parts) PARTS.set(template, (parts = template.split(/\{\{\s*([A-Za-z_]\w*)\s*\}\}/)));
  return parts;
}

/**
 * A message template filled with the report's data. A placeholder without a value is a bug in the
 * rule, never in the payload: it throws rather than show `{{name}}` to a user.
 */
export function formatMessage(meta: RuleMeta, messageId: string, data: Report['data'] = {}): string {
  const template = Object.hasOwn(meta.messages, messageId) ? meta.messages[messageId] : undefined;
  if (template === undefined) throw new Error(`rule ${meta.id} has no message ${JSON.stringify(messageId)}`);
  const parts = partsOf(template);
  let message = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    if (!Object.hasOwn(data, name)) throw new Error(`rule ${meta.id}, message ${messageId}: no value for {{${name}}}`);
    message += String(data[name]) + parts[i + 1]!;
  }
  return message;
}

/** The finding a report becomes, at the given severity. */
export function findingOf(meta: RuleMeta, given: Report, severity: Severity): Finding {
  const report = given.details ? { ...given, ...given.details() } : given;
  const finding: Finding = {
    ruleId: meta.id,
    messageId: report.messageId,
    severity,
    message: formatMessage(meta, report.messageId, report.data),
    pointer: report.pointer,
  };
  if (report.fix) finding.fix = report.fix;
  if (report.suggestions) finding.suggestions = report.suggestions;
  if (report.omitted !== undefined) finding.omitted = report.omitted;
  return finding;
}

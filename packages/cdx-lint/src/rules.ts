import { RULE_META } from '@cdx/validate';

export type Severity = 'error' | 'warning';

/** What every output format needs to know about a rule. */
export interface RuleInfo {
  readonly id: string;
  readonly defaultSeverity: Severity;
  readonly description: string;
  /** Where its docs/rules/<id>.md is published. */
  readonly docsUrl: string;
  /** Whether the config may change its severity. A file that cannot be parsed is always fatal. */
  readonly configurable: boolean;
}

/**
 * Where docs/rules/ is published; SARIF and the stylish output link each rule there.
 * One constant so a move of the repository is one edit.
 */
export const DOCS_BASE_URL = 'https://github.com/cdx-dev/cdx/blob/main/docs/rules/';

/** Rules the CLI reports itself, about the file rather than the payload. */
export const CLI_RULES = [
  {
    id: 'duplicate-key',
    defaultSeverity: 'error',
    description: 'An object names the same member twice; JSON.parse (and the service) silently keep only the last one.',
    configurable: true,
  },
  {
    id: 'parse-error',
    defaultSeverity: 'error',
    description: 'The file is not strict JSON (RFC 8259); nothing else can be checked.',
    configurable: false,
  },
] as const satisfies readonly Omit<RuleInfo, 'docsUrl'>[];

export function docsUrl(ruleId: string): string {
  return `${DOCS_BASE_URL}${ruleId}.md`;
}

let all: RuleInfo[] | undefined;

/**
 * The CLI's own rules plus every rule @cdx/validate declares, sorted by id. Read from
 * `RULE_META` at run time so rules added to @cdx/validate appear here with no change to the CLI.
 */
export function allRules(): readonly RuleInfo[] {
  all ??= [
    ...CLI_RULES.map((r) => ({ ...r, docsUrl: docsUrl(r.id) })),
    ...RULE_META.map((r) => ({ id: r.id, defaultSeverity: r.defaultSeverity, description: r.description, docsUrl: docsUrl(r.id), configurable: true })),
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)); // not localeCompare: its first call loads ICU (~15 ms)
  return all;
}

export function findRule(id: string): RuleInfo | undefined {
  return allRules().find((r) => r.id === id);
}

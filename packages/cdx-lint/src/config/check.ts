import { listKinds } from '@cdx/validate';
import { hints, members, validate, type SchemaError } from '../generated/config-schema.cjs';
import { fieldPath } from '../lint/field-path.js';
import { allRules } from '../rules/index.js';
import { globProblem } from './glob.js';
import { didYouMean } from '../suggest.js';
import type { CdxLintConfig } from './types.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TYPE_TEXT: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
};

/** What a member's place is called, and the names it allows: the config's own options or an override's. */
function optionsAt(instancePath: string): { what: string; known: readonly string[] } | undefined {
  if (instancePath === '') return { what: 'config option', known: members['#'] ?? [] };
  if (/^\/overrides\/\d+$/.test(instancePath)) return { what: 'override option', known: members['#/properties/overrides/items'] ?? [] };
  return undefined;
}

/** A `rules` entry (`/rules/<id>`, `/overrides/<n>/rules/<id>`), and the rest of a pointer inside it. */
const RULE_ENTRY = /^((?:\/overrides\/\d+)?\/rules\/[^/]+)(\/.*)?$/;
/** A rule's option, inside `[severity, options]`: the rule id and the option name. */
const RULE_OPTION = /^(?:\/overrides\/\d+)?\/rules\/([^/]+)\/1(?:\/([^/]+))?(?:\/|$)/;

/**
 * A `rules` entry is a severity or an array (`anyOf`), so a wrong one fails every branch: keep the
 * errors inside it (a wrong option, a wrong severity in the array) when there are any, else an
 * array too long, else the entry's own.
 */
function settleRuleEntries(errors: readonly SchemaError[]): SchemaError[] {
  const inside = new Set<string>();
  const tooLong = new Set<string>();
  for (const error of errors) {
    const match = RULE_ENTRY.exec(error.instancePath);
    if (match?.[2] !== undefined) inside.add(match[1]!);
    else if (match && error.keyword === 'items') tooLong.add(match[1]!);
  }
  return errors.filter((error) => {
    const match = RULE_ENTRY.exec(error.instancePath);
    if (!match || match[2] !== undefined) return true;
    if (inside.has(match[1]!)) return false;
    return tooLong.has(match[1]!) ? error.keyword === 'items' : error.keyword === 'anyOf';
  });
}

/**
 * A subschema's path as the tables key it: ajv gives the errors of `rules` entries relative to
 * `#/$defs/rules`, which they are reached through by `$ref`.
 */
function schemaKey(path: string, instancePath: string): string {
  return RULE_ENTRY.test(instancePath) && !path.startsWith('#/$defs/') ? `#/$defs/rules${path.slice(1)}` : path;
}

/** The value at a JSON Pointer of the config. */
function valueAt(config: unknown, pointer: string): unknown {
  let value = config;
  for (const token of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Json)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/** `; got "json"` for a string the schema rejects, shortened: the config is the user's own text. */
function got(value: unknown): string {
  return typeof value === 'string' ? `; got ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}` : '';
}

/** One schema error as a line naming the member and what to write: the schema's own words where it has them. */
function describe(error: SchemaError, config: unknown): string {
  const at = error.instancePath;
  const field = (pointer: string) => `\`${fieldPath(pointer)}\``;
  // The subschema that failed: the error's schema path without its keyword.
  const own = hints[schemaKey(error.schemaPath.slice(0, error.schemaPath.lastIndexOf('/')), at)] ?? {};
  const hint = (error.keyword === 'pattern' ? own.patternErrorMessage : undefined) ?? own.errorMessage;
  if (at === '' && error.keyword === 'type') return 'the config must be a JSON object.';
  const option = RULE_OPTION.exec(at);
  if (error.keyword === 'items' && RULE_ENTRY.test(at)) {
    const id = at.slice(at.lastIndexOf('/') + 1);
    return error.schemaPath.startsWith('#/additionalProperties/')
      ? `${field(at)} gives options, but rule ${id} has none: write only its severity.`
      : `${field(at)} has too many items: write a severity, or [severity, options].`;
  }
  if (option && error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    const known = members[schemaKey(error.schemaPath.slice(0, error.schemaPath.lastIndexOf('/')), at)] ?? [];
    return `${field(`${at}/${name}`)} is not an option of rule ${option[1]}${didYouMean(name, known)} (its options: ${known.join(', ')}).`;
  }
  // A wrong value of a rule's option says which rule's option it is.
  if (option?.[2] !== undefined) return `${describeValue(error, config, at, hint).slice(0, -1)} (option ${option[2]} of rule ${option[1]}).`;
  return describeValue(error, config, at, hint);
}

function describeValue(error: SchemaError, config: unknown, at: string, hint: unknown): string {
  const field = (pointer: string) => `\`${fieldPath(pointer)}\``;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(error.params.additionalProperty);
      const place = optionsAt(at);
      if (!place) return `${field(`${at}/${name}`)} is not allowed here.`;
      const options = at === '' ? ` (options: ${place.known.filter((k) => k !== '$schema').join(', ')})` : '';
      return `${field(`${at}/${name}`)} is not ${place.what === 'override option' ? 'an' : 'a'} ${place.what}${didYouMean(name, place.known)}${options}.`;
    }
    case 'required':
      return `${field(at)} needs \`${String(error.params.missingProperty)}\`.`;
    case 'pattern':
      return `${field(at)} ${typeof hint === 'string' ? hint : 'does not have the expected form'}${got(valueAt(config, at))}.`;
    default:
      if (typeof hint === 'string') return `${field(at)} ${hint}.`;
      if (error.keyword === 'type') return `${field(at)} must be ${TYPE_TEXT[String(error.params.type)] ?? String(error.params.type)}.`;
      if (error.keyword === 'minLength') return `${field(at)} must be a non-empty string.`;
      return `${field(at)} is not valid here (${error.keyword}).`;
  }
}

/**
 * What the schema cannot know: which rules and kinds exist, and which rules a config may set.
 * Reads only the parts that have the right shape (the schema reports the others).
 */
function checkNames(config: Json): string[] {
  const problems: string[] = [];
  const rules = allRules();
  const ruleIds = rules.map((r) => r.id);
  const kindIds: readonly string[] = listKinds().map((k) => k.id);
  const ruleSettings = (at: string, value: unknown) => {
    if (!isObject(value)) return;
    for (const id of Object.keys(value)) {
      const rule = rules.find((r) => r.id === id);
      if (!rule) problems.push(`\`${at}.${id}\` is not a rule${didYouMean(id, ruleIds)} (cdx-lint --list-rules).`);
      else if (!rule.configurable) {
        problems.push(
          rule.meta.configurable
            ? `\`${at}.${id}\` cannot be configured here: cdx-lint reports it only from \`cdx-lint assertion\` or the library, not from a lint run.`
            : `\`${at}.${id}\` cannot be configured: a file that is not JSON cannot be checked at all.`,
        );
      }
    }
  };
  for (const [glob, kind] of Object.entries(isObject(config.kinds) ? config.kinds : {})) {
    if (typeof kind !== 'string' || kindIds.includes(kind)) continue;
    problems.push(`\`kinds[${JSON.stringify(glob)}]\`: ${JSON.stringify(kind)} is not a kind${didYouMean(kind, kindIds)} (cdx-lint --list-kinds).`);
  }
  // A glob picomatch cannot compile, or one past the complexity limits, is a config error.
  const checkGlob = (value: unknown, at: string) => {
    if (typeof value !== 'string' || value === '') return;
    const problem = globProblem(value);
    if (problem !== undefined) problems.push(`\`${at}\` ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)} ${problem}.`);
  };
  if (Array.isArray(config.ignores))
    config.ignores.forEach((glob, i) => {
      checkGlob(glob, `ignores[${i}]`);
    });
  if (isObject(config.kinds)) for (const glob of Object.keys(config.kinds)) checkGlob(glob, 'kinds');
  if (Array.isArray(config.overrides)) {
    config.overrides.forEach((entry, i) => {
      if (isObject(entry) && Array.isArray(entry.files))
        entry.files.forEach((glob, j) => {
          checkGlob(glob, `overrides[${i}].files[${j}]`);
        });
    });
  }
  ruleSettings('rules', config.rules);
  if (Array.isArray(config.overrides))
    config.overrides.forEach((entry, i) => {
      ruleSettings(`overrides[${i}].rules`, isObject(entry) ? entry.rules : undefined);
      // Options apply to a whole file; a pointer override decides only what is reported where.
      if (!isObject(entry) || !Array.isArray(entry.pointers) || !isObject(entry.rules)) return;
      for (const [id, setting] of Object.entries(entry.rules)) {
        if (Array.isArray(setting) && setting.length > 1)
          problems.push(
            `\`overrides[${i}].rules.${id}\` gives options in an override with \`pointers\`: options apply to whole files; write only the severity here.`,
          );
      }
    });
  return problems;
}

/**
 * Checks a parsed config against the published schema (schema/cdx-lint.config.schema.json,
 * compiled by `pnpm generate`, so start-up compiles nothing) and for what the schema cannot know.
 * Returns one problem per line, each naming the member and what to write instead.
 */
export function checkConfig(config: unknown): string[] {
  const problems = validate(config) ? [] : settleRuleEntries(validate.errors ?? []).map((error) => describe(error, config));
  if (isObject(config)) problems.push(...checkNames(config));
  return [...new Set(problems)];
}

/** Narrows after `checkConfig` found nothing. */
export function asConfig(config: unknown): CdxLintConfig {
  return config as CdxLintConfig;
}

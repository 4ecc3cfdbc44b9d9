import { listKinds } from '@cdx/validate';
import { allRules } from '../rules.js';
import { globProblem } from './glob.js';
import { didYouMean } from '../suggest.js';
import type { CdxLintConfig } from './types.js';

type Json = Record<string, unknown>;

const SETTINGS = ['off', 'warn', 'error'];
const TOP_LEVEL = ['$schema', 'extensions', 'ignores', 'kinds', 'rules', 'overrides', 'attachmentLimit', 'fhir_defs_url', 'knownVariants', 'multipleApiKeys', 'maxFindingsPerRule'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a parsed config against what schema/cdx-lint.config.schema.json allows, plus what the
 * schema cannot know (which rules and kinds exist). Hand-written so start-up compiles no schema;
 * test/config-schema.test.ts runs both over the same cases so they cannot drift apart.
 * Returns one problem per line, each naming the member and what to write instead.
 */
export function checkConfig(config: unknown): string[] {
  if (!isObject(config)) return ['the config must be a JSON object.'];
  const problems: string[] = [];
  const rules = allRules();
  const ruleIds = rules.map((r) => r.id);
  const kindIds: readonly string[] = listKinds().map((k) => k.id);

  const stringList = (at: string, value: unknown, check?: (item: string, where: string) => void) => {
    if (!Array.isArray(value)) return problems.push(`\`${at}\` must be an array of strings.`);
    value.forEach((item, i) => {
      if (typeof item !== 'string' || item === '') problems.push(`\`${at}[${i}]\` must be a non-empty string.`);
      else check?.(item, `${at}[${i}]`);
    });
    return undefined;
  };
  const ruleSettings = (at: string, value: unknown) => {
    if (!isObject(value)) return problems.push(`\`${at}\` must be an object of rule id → "off", "warn" or "error".`);
    for (const [id, setting] of Object.entries(value)) {
      const rule = rules.find((r) => r.id === id);
      if (!rule) problems.push(`\`${at}.${id}\` is not a rule${didYouMean(id, ruleIds)} (cdx-lint --list-rules).`);
      else if (!rule.configurable) problems.push(`\`${at}.${id}\` cannot be configured: a file that is not JSON cannot be checked at all.`);
      if (typeof setting !== 'string' || !SETTINGS.includes(setting)) problems.push(`\`${at}.${id}\` must be "off", "warn" or "error", not ${JSON.stringify(setting)}.`);
    }
    return undefined;
  };

  for (const key of Object.keys(config)) {
    if (!TOP_LEVEL.includes(key)) problems.push(`\`${key}\` is not a config option${didYouMean(key, TOP_LEVEL)} (options: ${TOP_LEVEL.slice(1).join(', ')}).`);
  }
  if ('$schema' in config && typeof config.$schema !== 'string') problems.push('`$schema` must be a string.');
  if ('extensions' in config) {
    stringList('extensions', config.extensions, (ext, at) => {
      if (!/^\.[A-Za-z0-9._-]+$/.test(ext)) problems.push(`\`${at}\` must start with a dot, like ".json"; got ${JSON.stringify(ext.slice(0, 40))}.`);
    });
    if (Array.isArray(config.extensions) && config.extensions.length === 0) problems.push('`extensions` must list at least one extension.');
    if (Array.isArray(config.extensions) && new Set(config.extensions).size !== config.extensions.length) problems.push('`extensions` lists an extension twice.');
  }
  // A glob picomatch cannot compile, or one past the complexity limits, is a config error.
  const checkGlob = (value: string, at: string) => {
    const problem = globProblem(value);
    if (problem !== undefined) problems.push(`\`${at}\` ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)} ${problem}.`);
  };
  if ('ignores' in config) stringList('ignores', config.ignores, checkGlob);
  if ('kinds' in config) {
    if (!isObject(config.kinds)) problems.push('`kinds` must be an object of glob → kind id.');
    else {
      for (const [glob, kind] of Object.entries(config.kinds)) {
        if (glob === '') problems.push('`kinds` has an empty glob.');
        else checkGlob(glob, 'kinds');
        if (typeof kind !== 'string' || !kindIds.includes(kind)) {
          problems.push(`\`kinds[${JSON.stringify(glob)}]\`: ${JSON.stringify(kind)} is not a kind${typeof kind === 'string' ? didYouMean(kind, kindIds) : ''} (cdx-lint --list-kinds).`);
        }
      }
    }
  }
  if ('rules' in config) ruleSettings('rules', config.rules);
  if ('overrides' in config) {
    if (!Array.isArray(config.overrides)) problems.push('`overrides` must be an array of { files?, pointers?, rules }.');
    else {
      config.overrides.forEach((entry, i) => {
        const at = `overrides[${i}]`;
        if (!isObject(entry)) return problems.push(`\`${at}\` must be an object { files?, pointers?, rules }.`);
        for (const key of Object.keys(entry)) {
          if (!['files', 'pointers', 'rules'].includes(key)) problems.push(`\`${at}.${key}\` is not an override option${didYouMean(key, ['files', 'pointers', 'rules'])}.`);
        }
        if (!('rules' in entry)) problems.push(`\`${at}\` needs \`rules\`.`);
        else ruleSettings(`${at}.rules`, entry.rules);
        if ('files' in entry) stringList(`${at}.files`, entry.files, checkGlob);
        if (Array.isArray(entry.files) && entry.files.length === 0) problems.push(`\`${at}.files\` is empty; leave it out to mean every file.`);
        if ('pointers' in entry) {
          if (!Array.isArray(entry.pointers) || entry.pointers.length === 0) {
            problems.push(`\`${at}.pointers\` must be a non-empty array of JSON Pointers; leave it out to mean the whole file.`);
          } else {
            entry.pointers.forEach((p, j) => {
              if (typeof p !== 'string' || (p !== '' && !p.startsWith('/'))) {
                problems.push(`\`${at}.pointers[${j}]\` must be a JSON Pointer starting with "/", like "/Patient/Notes" ("" is the whole payload).`);
              }
            });
          }
        }
        return undefined;
      });
    }
  }
  if ('attachmentLimit' in config && !(Number.isInteger(config.attachmentLimit) && (config.attachmentLimit as number) >= 0)) {
    problems.push('`attachmentLimit` must be a whole number of base64 characters, 0 or more.');
  }
  if ('fhir_defs_url' in config && (typeof config.fhir_defs_url !== 'string' || !/^https?:\/\//.test(config.fhir_defs_url))) {
    problems.push('`fhir_defs_url` must be an http(s) URL, like "https://fhir.example.com/fhir-definitions".');
  }
  if ('knownVariants' in config) {
    if (!isObject(config.knownVariants)) problems.push('`knownVariants` must be an object of variant → canonical member name.');
    else {
      for (const [variant, canonical] of Object.entries(config.knownVariants)) {
        if (typeof canonical !== 'string' || canonical === '') problems.push(`\`knownVariants.${variant}\` must name the canonical member as a non-empty string.`);
      }
    }
  }
  if ('multipleApiKeys' in config && typeof config.multipleApiKeys !== 'boolean') problems.push('`multipleApiKeys` must be true or false.');
  if ('maxFindingsPerRule' in config && !(Number.isSafeInteger(config.maxFindingsPerRule) && (config.maxFindingsPerRule as number) >= 1)) {
    problems.push('`maxFindingsPerRule` must be a whole number, 1 or more (default 1000).');
  }
  return problems;
}

/** Narrows after `checkConfig` found nothing. */
export function asConfig(config: unknown): CdxLintConfig {
  return config as CdxLintConfig;
}

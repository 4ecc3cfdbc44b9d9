// The RuleTester adapter of validate()'s rules: an input is a payload (with the kind to validate it
// as and options, when needed); the output is the payload after the rule's fixes, as JSON text
// (two-space indent), or null when the rule fixed nothing.
import { applyRenames } from '../../src/fix-check.js';
import { MAX_IDENTIFIER } from '../../src/finding.js';
import { validate, type KindId, type ValidateOptions } from '../../src/index.js';
import { examplesDir, readJson } from './cases.js';
import { applyPatch, type PatchOp } from './json-patch.js';
import { RuleTester } from '@cdx/rule-tester';

export interface PayloadInput {
  readonly payload: unknown;
  /** Validate as this kind instead of detecting it. */
  readonly kind?: KindId;
  readonly options?: Omit<ValidateOptions, 'kind'>;
}

/** What @cdx/rule-tester needs to know of @cdx/validate. */
export const TESTER_SETTINGS = { maxIdentifier: MAX_IDENTIFIER };

export const payloadTester = new RuleTester<PayloadInput>((rule, { payload, kind, options }) => {
  const result = validate(payload, { ...options, ...(kind === undefined ? {} : { kind }) });
  const fixes = result.findings.flatMap((f) => (f.ruleId === rule.meta.id && f.fix ? [f.fix] : []));
  return { findings: result.findings, output: fixes.length > 0 ? JSON.stringify(applyRenames(payload, fixes), null, 2) : null };
}, TESTER_SETTINGS);

type Json = Record<string, any>;

/** A fresh copy of a kind's valid example (schemas/examples/valid/<name>.json). */
export function example(name: string): Json {
  return readJson(`${examplesDir}/valid/${name}.json`) as Json;
}

/** A valid example changed by `edit` (which may change it in place or return a replacement). */
export function edited(name: string, edit: (payload: Json) => unknown): Json {
  const payload = example(name);
  const replaced = edit(payload);
  return (replaced === undefined ? payload : replaced) as Json;
}

/** A valid example changed by JSON Patch operations (as the kind-level case files describe edits). */
export function patched(name: string, ops: readonly PatchOp[]): Json {
  return applyPatch(example(name), ops);
}

/** The same object with one member renamed in place (member order kept). */
export function renamed(object: Json, from: string, to: string): Json {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k === from ? to : k, v]));
}

/** JSON text as the payload adapter prints an output. */
export const text = (value: unknown): string => JSON.stringify(value, null, 2);

// No payload rule does more than linear work in the payload. Each rule runs alone (every other
// rule off) on payloads that make it speak, grown 16 and 64 times: the cases of schemas/examples
// with a finding of that rule (or, for a rule without one, the valid examples of its kinds), with
// every array's items repeated, nested arrays included but only inside the original items, so the
// payload grows linearly while every list the rule may relate to another grows with it (focus
// references and the entries they resolve to, cards and their uuids…).
//
// Work is counted, not timed: every read of the payload's members (a Proxy counts them), which is
// exact and the same on any machine. A rule that scans one list per item of another (bundle-focus
// did: 78 s on 6 MB) reads quadratically; linear work grows 4× from 16 to 64, and the bound is 5×.
// What this cannot see is work on copies the rules make (pnpm robustness times those shapes).
import { describe, expect, it } from 'vitest';
import { listKinds, validate, type RuleSetting, type ValidateOptions } from '../src/index.js';
import { rulesOf } from '../src/rules/index.js';
import { PAYLOAD } from '../src/rules/scopes.js';
import { join } from 'node:path';
import { examplesDir, kindFile, loadCaseFiles, readJson } from './support/cases.js';
import { existsSync } from 'node:fs';

type Json = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** `value` with each array's items repeated `times` times; repeats are copies of the original items. */
function grow(value: unknown, times: number): unknown {
  if (Array.isArray(value)) {
    const out = value.map((item) => grow(item, times));
    for (let t = 1; t < times; t++) for (const item of value) out.push(structuredClone(item));
    return out;
  }
  if (isContainer(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, grow(v, times)]));
  return value;
}

/** The payload behind a Proxy that counts every read of a member (get, has, keys, descriptors). */
function counted(payload: unknown): { payload: unknown; reads: () => number } {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (!isContainer(value)) return value;
    let proxy = proxies.get(value);
    if (!proxy) {
      proxy = new Proxy(value, {
        get(target, key, receiver) {
          reads++;
          return wrap(Reflect.get(target, key, receiver));
        },
        has(target, key) {
          reads++;
          return Reflect.has(target, key);
        },
        ownKeys(target) {
          reads++;
          return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(target, key) {
          reads++;
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      });
      proxies.set(value, proxy);
    }
    return proxy;
  };
  return { payload: wrap(payload), reads: () => reads };
}

const RULES = [...rulesOf(PAYLOAD)];
const PAYLOAD_RULES = RULES.map((rule) => rule.meta.id);
const CASES = loadCaseFiles().flatMap(({ kind, cases }) => cases.map((c) => ({ ...c, kind })));

interface Seed {
  name: string;
  payload: unknown;
  options: Record<string, unknown>;
}

/** Seeds for a rule that no case exercises and whose kinds have no valid example. */
const OWN_SEEDS: Record<string, Seed> = {
  'service-resource-type': {
    name: 'a Device (no service operation carries one)',
    payload: { resourceType: 'Device', id: 'd1', deviceName: [{ name: 'pump', type: 'model-name' }], note: [{ text: 'x' }] },
    options: {},
  },
};

/**
 * Payloads that make the rule speak: one per message of the rule (the smallest case that gives it),
 * at most four; for a rule without a case, the valid examples of its kinds (two).
 */
function seedsOf(ruleId: string): Seed[] {
  const byMessage = new Map<string, Seed>();
  const candidates = CASES.filter((c) => c.findings.some((f) => f.ruleId === ruleId))
    .map((c) => ({ name: c.description, payload: c.payload, options: { ...(c.options ?? {}), kind: c.kindOption ?? c.kind } }))
    .sort((x, y) => JSON.stringify(x.payload).length - JSON.stringify(y.payload).length);
  for (const seed of candidates) {
    for (const f of validate(seed.payload, seed.options).findings) {
      if (f.ruleId === ruleId && !byMessage.has(f.messageId)) byMessage.set(f.messageId, seed);
    }
  }
  const speaking = [...new Set(byMessage.values())].slice(0, 4);
  if (speaking.length > 0) return speaking;
  if (Object.hasOwn(OWN_SEEDS, ruleId)) return [OWN_SEEDS[ruleId]!];
  const rule = RULES.find((r) => r.meta.id === ruleId)!;
  return listKinds()
    .filter((k) => (!rule.appliesTo || rule.appliesTo(k)) && existsSync(join(examplesDir, 'valid', `${kindFile(k.id)}.json`)))
    .map((k) => ({ name: `valid ${k.id}`, payload: readJson(join(examplesDir, 'valid', `${kindFile(k.id)}.json`)), options: { kind: k.id } }))
    .slice(0, 2);
}

/**
 * Reads by validate() with only `ruleId` on, on the seed grown `times` times, less the reads of
 * the same validation with every rule off (detecting the kind, the strict twin): the rule's own.
 */
function work(ruleId: string, seed: Seed, times: number): number {
  const grown = grow(seed.payload, times);
  const readsWith = (on: string | undefined) => {
    const rules = Object.fromEntries(PAYLOAD_RULES.map((id): [string, RuleSetting] => [id, id === on ? 'warn' : 'off']));
    const { payload, reads } = counted(grown);
    validate(payload, { ...(seed.options as ValidateOptions), rules, maxFindingsPerRule: Infinity });
    return reads();
  };
  return readsWith(ruleId) - readsWith(undefined);
}

/** Reads below this many at 16 copies are too few to compare: the bound is then 5× this. */
const FLOOR = 2000;

describe('every payload rule does linear work', () => {
  for (const ruleId of PAYLOAD_RULES) {
    const seeds = seedsOf(ruleId);
    it(`${ruleId}: reads grow at most 5× from 16 to 64 copies`, () => {
      expect(seeds.length, 'a payload to grow').toBeGreaterThan(0);
      for (const seed of seeds) {
        const small = work(ruleId, seed, 16);
        const large = work(ruleId, seed, 64);
        expect(large / Math.max(small, FLOOR), `${seed.name}: ${small} → ${large} reads`).toBeLessThanOrEqual(5);
      }
    });
  }
});

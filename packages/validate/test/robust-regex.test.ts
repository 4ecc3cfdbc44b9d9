// Every regular expression that can meet user input (scripts/robustness/regexes.mjs collects them)
// is free of catastrophic backtracking: each is analysed by recheck (its pure-JS backend, no
// cache). `pnpm robustness` also runs each against 1 MB adversarial strings, against a time
// budget (scripts/robustness/budgets.mjs): timings do not belong in the unit suite.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDX_FORMATS } from '../../../scripts/lib/ajv.mjs';
import { codeRegexes, regexes as collect } from '../../../scripts/robustness/regexes.mjs';
import { compileGlob, GLOB_LIMITS, globProblem, segmentExpressions } from '../../cdx-lint/src/config/glob.js';
import { DEFAULT_IGNORES } from '../../cdx-lint/src/config/resolve.js';
import { repoRoot } from './support/cases.js';

const require = createRequire(import.meta.url);
// The pure-JS backend: the same analysis on every machine, no JVM or native binary.
process.env.RECHECK_BACKEND = 'pure';
const { check } = require('recheck') as typeof import('recheck');
/**
 * recheck's step limits decide, never its clock: its default time limits on incubation, attack and
 * seeding (250 ms, 1 s, 100 ms) call a regex vulnerable when a loaded machine matches slowly.
 */
const DETERMINISTIC = { timeout: null, incubationTimeout: null, attackTimeout: null, seedingTimeout: null, recallTimeout: -1 } as const;

const code = codeRegexes();
const regexes = collect(CDX_FORMATS);

describe('regular expressions', () => {
  it('the collection found what it should', () => {
    expect(regexes.filter((r) => r.where.startsWith('schemas/')).length).toBeGreaterThan(10);
    expect(regexes.filter((r) => r.where.startsWith('packages/')).length).toBeGreaterThan(30);
    expect(regexes.map((r) => r.source)).toContain(CDX_FORMATS.iso8601.source);
    expect(regexes.find((r) => r.source === '[^A-Za-z0-9+/= \\t\\n\\r]')?.where).toBe('packages/validate/src/base64.cjs');
  });

  it('RegExps built at run time are only the known ones', () => {
    // The language server compiles the schemas' patternProperties (checked here among the schema
    // patterns) to match member names for hover and completion. The config's globs are compiled
    // by picomatch (cdx-lint/src/config/glob.ts), never by `new RegExp`: its expressions are
    // checked below. The FHIR tables' interpreter compiles the R4 patterns its generated tables
    // carry, the schemas' own patterns (checked here too), as ajv's validators do.
    expect([...new Set(code.constructed)].sort()).toEqual(['packages/language-server/src/schemas/navigate.ts', 'packages/validate/src/fhir/table/link.cjs']);
  });

  it.each(regexes.map((r) => [`/${r.source}/${r.flags}`, r] as const))('%s', async (_name, { where, source, flags }) => {
    const diagnostics = await check(source, flags, { ...DETERMINISTIC, randomSeed: 0 });
    const attack = diagnostics.status === 'vulnerable' ? ` attack: ${diagnostics.attack.pattern}` : '';
    const error = diagnostics.status === 'unknown' ? ` (${diagnostics.error.kind})` : '';
    expect(diagnostics.status, `${where}: ${diagnostics.status}${error}${attack}`).toBe('safe');
  });
});

/**
 * The only expressions built at run time: picomatch's, one per segment of a config glob
 * (cdx-lint/src/config/glob.ts). A segment's expression backtracks polynomially in its wildcards,
 * so they are bounded (GLOB_LIMITS.wildcardsPerSegment) and so is what they meet: a path segment
 * of at most 255 characters. Every glob in the repository's configs and the worst shapes the
 * limits allow are analysed by recheck (safe, or polynomial of a degree within the limit) and run
 * against 255-character adversarial names.
 */
describe('expressions built at run time: config glob segments', () => {
  const configs = ['schemas/examples/cdx-lint.config.json', 'packages/cdx-lint/test/fixtures/configured/cdx-lint.config.json'];
  const fromConfigs = configs.flatMap((file) => {
    const config = JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as {
      ignores?: string[];
      kinds?: Record<string, string>;
      overrides?: { files?: string[] }[];
    };
    return [...(config.ignores ?? []), ...Object.keys(config.kinds ?? {}), ...(config.overrides ?? []).flatMap((o) => o.files ?? [])];
  });
  const atTheLimit = [
    '*a*a*ab.json',
    '[a-z]*[a-z]*[a-z]*b',
    '*{a,aa}*b',
    '{a,aa}{b,ab}*.json',
    '*?*?*?x',
    '*.{json,jsonc}',
    'x-[!0-9]*-*.json',
    '**/*a*a*a/**/b',
    '*{a*,aa*}a',
    '{a*a,b*b,aa*aa}*a',
    // cdx-lint's default ignores, matched as one glob of alternatives.
    `{${DEFAULT_IGNORES.map((glob) => glob.replace(/\/$/, '')).join(',')}}`,
  ];

  it("finds the repository's globs", () => {
    expect(fromConfigs.length).toBeGreaterThan(2);
  });

  it('refuses one wildcard more than the limit', () => {
    expect(globProblem(`${'*a'.repeat(GLOB_LIMITS.wildcardsPerSegment + 1)}.json`)).toMatch(/at most 3/);
  });

  it.each([...new Set([...fromConfigs, ...atTheLimit])].map((glob) => [glob]))('%s', async (glob) => {
    for (const regex of segmentExpressions(glob)) {
      const diagnostics = await check(regex.source, regex.flags, { ...DETERMINISTIC, randomSeed: 0 });
      const degree = diagnostics.status === 'vulnerable' && diagnostics.complexity.type === 'polynomial' ? diagnostics.complexity.degree : undefined;
      expect(
        diagnostics.status === 'safe' || (degree !== undefined && degree <= GLOB_LIMITS.wildcardsPerSegment),
        `${glob}: /${regex.source}/ ${diagnostics.status}`,
      ).toBe(true);
    }
    // Run against 255-character adversarial names: they must not throw (a stack overflow);
    // `pnpm robustness limits` times the worst of them against a budget.
    const match = compileGlob(glob);
    const named = [...new Set(glob.replace(/[*?[\]{}!,/]/g, '').split(''))].slice(0, 6);
    const names = [...new Set([...named, 'a', '.', '-'])].map((c) => `${c.repeat(GLOB_LIMITS.pathSegment - 1)}\u0000`);
    for (const name of names) for (const path of [name, Array(16).fill(name).join('/')]) expect(() => match(path), glob).not.toThrow();
  });
});

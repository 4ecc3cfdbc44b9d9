// Every regular expression that can meet user input (scripts/robustness/regexes.mjs collects them)
// is free of catastrophic backtracking: each is analysed by recheck (its pure-JS backend, no
// cache). `pnpm robustness` also runs each against 1 MB adversarial strings, against a time
// budget (scripts/robustness/budgets.mjs): timings do not belong in the unit suite.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CDX_FORMATS } from '../../../scripts/lib/ajv.mjs';
import { codeRegexes, regexes as collect } from '../../../scripts/robustness/regexes.mjs';

const require = createRequire(import.meta.url);
// The pure-JS backend: the same analysis on every machine, no JVM or native binary.
process.env.RECHECK_BACKEND = 'pure';
const { check } = require('recheck') as typeof import('recheck');

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
    // config/glob.ts compiles the config's globs: every character escaped, `*` as [^/]* (the
    // config is the user's own, and the strings matched are paths of at most a few KB). The language
    // server compiles the schemas' patternProperties (checked here among the schema patterns) to
    // match member names for hover and completion.
    expect([...new Set(code.constructed)].sort()).toEqual(['packages/cdx-lint/src/config/glob.ts', 'packages/language-server/src/schemas/navigate.ts']);
  });

  it.each(regexes.map((r) => [`/${r.source}/${r.flags}`, r] as const))(
    '%s',
    async (_name, { where, source, flags }) => {
      const diagnostics = await check(source, flags, { timeout: null, randomSeed: 0 });
      const attack = diagnostics.status === 'vulnerable' ? ` attack: ${diagnostics.attack.pattern}` : '';
      const error = diagnostics.status === 'unknown' ? ` (${diagnostics.error.kind})` : '';
      expect(diagnostics.status, `${where}: ${diagnostics.status}${error}${attack}`).toBe('safe');
    },
    60_000,
  );
});

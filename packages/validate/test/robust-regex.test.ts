// Every regular expression that can meet user input is free of catastrophic backtracking: each
// `pattern` (and patternProperties name) in schemas/, each cdx format in scripts/lib/ajv.mjs and
// each regex literal in packages/*/src (formats.cjs holds the function formats) is analysed by
// recheck (its pure-JS backend, no cache), and then run against 1 MB adversarial strings. The
// ajv-formats formats the schemas use run against the same strings (dependency code: measured,
// not analysed).
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDX_FORMATS } from '../../../scripts/lib/ajv.mjs';
import { compileGlob, GLOB_LIMITS, globProblem, segmentExpressions } from '../../cdx-lint/src/config/glob.js';
import { DEFAULT_IGNORES } from '../../cdx-lint/src/config/resolve.js';
import { repoRoot } from './support/cases.js';

const require = createRequire(import.meta.url);
// The pure-JS backend: the same analysis on every machine, no JVM or native binary.
process.env.RECHECK_BACKEND = 'pure';
const { check } = require('recheck') as typeof import('recheck');
const ts = require('typescript') as typeof import('typescript');

interface Found {
  /** Where it comes from, for the failure message. */
  where: string;
  source: string;
  flags: string;
}

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => join(dir, f));
}

function schemaPatterns(): Found[] {
  const out: Found[] = [];
  const visit = (value: unknown, file: string): void => {
    if (Array.isArray(value)) value.forEach((v) => visit(v, file));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        // ajv compiles schema patterns with the u flag.
        if (key === 'pattern' && typeof child === 'string') out.push({ where: file, source: child, flags: 'u' });
        if (key === 'patternProperties' && typeof child === 'object' && child !== null) for (const name of Object.keys(child)) out.push({ where: file, source: name, flags: 'u' });
        visit(child, file);
      }
    }
  };
  for (const file of filesUnder(join(repoRoot, 'schemas'), '.schema.json')) visit(JSON.parse(readFileSync(file, 'utf8')), file.slice(repoRoot.length + 1));
  return out;
}

/** Regex literals and `new RegExp(...)` calls in TypeScript and hand-written CommonJS sources, found by the parser (not by a regex). */
function codeRegexes(): { literals: Found[]; constructed: string[] } {
  const literals: Found[] = [];
  const constructed: string[] = [];
  const packages = join(repoRoot, 'packages');
  for (const pkg of readdirSync(packages)) {
    let files: string[];
    try {
      const src = join(packages, pkg, 'src');
      // Hand-written CommonJS too (formats.cjs); the generated validators hold schema patterns and formats, covered above.
      files = [...filesUnder(src, '.ts'), ...filesUnder(src, '.cjs').filter((f) => !f.includes(`${join('src', 'generated')}`))];
    } catch {
      continue;
    }
    for (const file of files) {
      const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
      const where = file.slice(repoRoot.length + 1);
      const visit = (node: import('typescript').Node): void => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const text = (node as import('typescript').RegularExpressionLiteral).text;
          const end = text.lastIndexOf('/');
          literals.push({ where, source: text.slice(1, end), flags: text.slice(end + 1).replace(/[gy]/g, '') });
        }
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') constructed.push(where);
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  }
  return { literals, constructed };
}

function unique(found: Found[]): Found[] {
  const byKey = new Map<string, Found>();
  for (const f of found) byKey.set(`${f.flags}/${f.source}`, byKey.get(`${f.flags}/${f.source}`) ?? f);
  return [...byKey.values()];
}

const code = codeRegexes();
const regexes = unique([
  ...schemaPatterns(),
  ...Object.entries(CDX_FORMATS).map(([name, re]) => ({ where: `scripts/lib/ajv.mjs CDX_FORMATS.${name}`, source: re.source, flags: re.flags })),
  ...code.literals,
]);

const MB = 1_000_000;

/**
 * 1 MB strings built to make a backtracking engine work: the regex's literal prefix (so anchored
 * patterns get past it), then one character repeated, then a character that fails the match at
 * the very end. The characters are those the regex itself names plus common ones.
 */
function adversarial(source: string): string[] {
  const prefix = /^\^((?:[^\\^$.|?*+()[\]{}]|\\[/.:-])*)/.exec(source)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
  const named = [...new Set(source.replace(/\\[dDwWsSbBnrtu]|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/gi, '').match(/[A-Za-z0-9 .:/_@+=~-]/g) ?? [])].slice(0, 6);
  const chars = [...new Set([...named, ' ', '\t', '0', 'a', 'A', '.', '/', '-'])];
  return chars.map((c) => `${prefix}${c.repeat(MB)}\u0000`);
}

function slowest(run: (text: string) => unknown, inputs: readonly string[]): number {
  let worst = 0;
  for (const input of inputs) {
    const started = performance.now();
    run(input);
    worst = Math.max(worst, performance.now() - started);
  }
  return worst;
}

describe('regular expressions', () => {
  it('the collection found what it should', () => {
    expect(regexes.filter((r) => r.where.startsWith('schemas/')).length).toBeGreaterThan(10);
    expect(regexes.filter((r) => r.where.startsWith('packages/')).length).toBeGreaterThan(30);
    expect(regexes.map((r) => r.source)).toContain(CDX_FORMATS.iso8601.source);
    expect(regexes.find((r) => r.source === '[^A-Za-z0-9+/= \\t\\n\\r]')?.where).toBe('packages/validate/src/base64.cjs');
  });

  it('RegExps built at run time are only the known ones', () => {
    // The language server compiles the schemas' patternProperties (checked here among the schema
    // patterns) to match member names for hover and completion. Config globs are picomatch's, one
    // expression per segment: see the last describe below.
    expect([...new Set(code.constructed)].sort()).toEqual(['packages/language-server/src/schemas/navigate.ts']);
  });

  it.each(regexes.map((r) => [`/${r.source}/${r.flags}`, r] as const))(
    '%s',
    async (_name, { where, source, flags }) => {
      const diagnostics = await check(source, flags, { timeout: null, randomSeed: 0 });
      const attack = diagnostics.status === 'vulnerable' ? ` attack: ${diagnostics.attack.pattern}` : '';
      const error = diagnostics.status === 'unknown' ? ` (${diagnostics.error.kind})` : '';
      expect(diagnostics.status, `${where}: ${diagnostics.status}${error}${attack}`).toBe('safe');
      const regex = new RegExp(source, flags);
      expect(slowest((text) => regex.test(text), adversarial(source)), where).toBeLessThan(1_000);
    },
    60_000,
  );

  it.each([['date'], ['date-time'], ['uri'], ['uuid'], ['email']])('ajv-formats %s on 1 MB adversarial strings', (name) => {
    const { fullFormats } = require('ajv-formats/dist/formats') as { fullFormats: Record<string, unknown> };
    const format = fullFormats[name] as RegExp | ((s: string) => boolean) | { validate: RegExp | ((s: string) => boolean) };
    const validate = format instanceof RegExp || typeof format === 'function' ? format : format.validate;
    const run = (text: string) => (validate instanceof RegExp ? validate.test(text) : validate(text));
    const inputs = [...adversarial('^https://'), ...adversarial('^urn:uuid:'), ...adversarial('^2026-03-01T'), ...adversarial('^a@b.')];
    expect(slowest(run, inputs)).toBeLessThan(1_000);
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
    const config = JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as { ignores?: string[]; kinds?: Record<string, string>; overrides?: { files?: string[] }[] };
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

  it('finds the repository\'s globs', () => {
    expect(fromConfigs.length).toBeGreaterThan(2);
  });

  it('refuses one wildcard more than the limit', () => {
    expect(globProblem(`${'*a'.repeat(GLOB_LIMITS.wildcardsPerSegment + 1)}.json`)).toMatch(/at most 3/);
  });

  it.each([...new Set([...fromConfigs, ...atTheLimit])].map((glob) => [glob]))(
    '%s',
    async (glob) => {
      for (const regex of segmentExpressions(glob)) {
        const diagnostics = await check(regex.source, regex.flags, { timeout: null });
        const degree = diagnostics.status === 'vulnerable' && diagnostics.complexity.type === 'polynomial' ? diagnostics.complexity.degree : undefined;
        expect(diagnostics.status === 'safe' || (degree !== undefined && degree <= GLOB_LIMITS.wildcardsPerSegment), `${glob}: /${regex.source}/ ${diagnostics.status}`).toBe(true);
      }
      const match = compileGlob(glob);
      const named = [...new Set(glob.replace(/[*?[\]{}!,/]/g, '').split(''))].slice(0, 6);
      const names = [...new Set([...named, 'a', '.', '-'])].map((c) => `${c.repeat(GLOB_LIMITS.pathSegment - 1)}\u0000`);
      const paths = names.flatMap((name) => [name, Array(16).fill(name).join('/')]);
      expect(slowest(match, paths), glob).toBeLessThan(1_000);
    },
    60_000,
  );
});

// The JUnit report is well-formed XML whatever text a finding or a file name holds: any UTF-16
// (lone surrogates, U+FFFE, U+FFFF, controls, markup characters) in the message, the pointer and
// the path. Runs: CDX_FUZZ_RUNS (default 300, `pnpm fuzz` 100,000); seed: CDX_FUZZ_SEED.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFormatter, type FormatContext } from '../src/formatters/index.js';
import { resultOf } from '../src/lint/result.js';
import { allRules } from '../src/rules/index.js';
import { fuzzParameters, fuzzTimeout } from './support/fuzz.js';

const context: FormatContext = { cwd: '/repo', repoRoot: '/repo', color: false, rules: allRules(), version: '9.9.9', fix: 'off' };
/** Outside XML 1.0's Char production: what a well-formed document can never hold. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\uFFFE', '\uFFFF', '\uD800', '\uDC00', '<', '&', '"', '\u0000', '\u001b'),
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  ),
});

describe('the junit format, on any text', () => {
  it(
    'writes only characters XML 1.0 allows, and no markup character raw inside a value',
    async () => {
      const junit = await loadFormatter('junit');
      fc.assert(
        fc.property(anyText, anyText, anyText, (name, text, pointer) => {
          const message = { ruleId: 'schema', severity: 2 as const, message: text, line: 1, column: 1, endLine: 1, endColumn: 2, pointer };
          const out = junit([resultOf(`/repo/${name}.json`, null, [message])], context);
          expect(out).not.toMatch(NOT_XML);
          // Every `<` starts one of the report's own elements.
          for (const match of out.matchAll(/</g)) expect(out.slice(match.index + 1)).toMatch(/^(\?xml|\/?(testsuites|testsuite|testcase|failure)[\s>/])/);
        }),
        fuzzParameters(41),
      );
    },
    fuzzTimeout(2),
  );
});

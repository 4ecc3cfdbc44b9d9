// A property test of the token-form parser: for any body — an urlencoded string of any bytes, the
// same as URLSearchParams, a record of strings and lists, or not a form at all — checkTokenForm
// never throws, reports only token-form findings at /form or /form/<field> with short messages,
// and gives the assertion exactly when the body has one non-empty client_assertion. Runs:
// CDX_FUZZ_RUNS (default 300, `pnpm fuzz` 100,000); seed: CDX_FUZZ_SEED.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTokenForm } from '../../src/auth/index.js';
import { CLIENT_ASSERTION_TYPE, GRANT_TYPE } from '../../src/auth/service.js';
import { fuzzParameters, fuzzTimeout } from '../support/fuzz.js';

const FIELDS = ['grant_type', 'client_assertion_type', 'client_assertion'];
const name = fc.oneof(fc.constantFrom(...FIELDS, 'x', '', 'grant_type ', 'GRANT_TYPE'), fc.string({ unit: 'binary', maxLength: 8 }));
const value = fc.oneof(fc.constantFrom(GRANT_TYPE, CLIENT_ASSERTION_TYPE, '', 'a.b.c', '%', '%zz', '+', '&=&'), fc.string({ unit: 'binary', maxLength: 40 }));
const pairs = fc.array(fc.tuple(name, value), { maxLength: 12 });

const body = fc.oneof(
  pairs.map((list) => ({ form: new URLSearchParams(list), list })),
  pairs.map((list) => ({ form: new URLSearchParams(list).toString(), list })),
  // Raw text: any bytes between & and =, percent signs that are not escapes.
  fc
    .array(fc.oneof(fc.constantFrom('&', '=', '%', '+', 'grant_type', 'client_assertion'), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 20 })
    .map((parts) => {
      const form = parts.join('');
      return { form: form, list: [...new URLSearchParams(form)] };
    }),
  fc.dictionary(name, fc.oneof(value, fc.array(value, { maxLength: 3 }), fc.constant(undefined))).map((record) => ({
    form: record,
    list: Object.entries(record).flatMap(([k, v]) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((item) => [k, item] as [string, string]))),
  })),
  fc.constantFrom(null, undefined, 42, true).map((form) => ({ form: form, list: undefined })),
);

describe('checkTokenForm, on any body', () => {
  it(
    'never throws; findings are token-form at /form(/<field>); the assertion is there exactly when sent once',
    () => {
      fc.assert(
        fc.property(body, ({ form, list }) => {
          const result = checkTokenForm(form as Parameters<typeof checkTokenForm>[0]);
          for (const f of result.findings) {
            expect(f.ruleId).toBe('token-form');
            expect(['/form', ...FIELDS.map((field) => `/form/${field}`)]).toContain(f.pointer);
            expect(f.message.length).toBeLessThan(300);
          }
          if (list === undefined) {
            expect(result.findings.map((f) => f.pointer)).toEqual(['/form']);
            return;
          }
          const sent = list.filter(([k]) => k === 'client_assertion').map(([, v]) => v);
          expect(result.assertion).toBe(sent.length === 1 && sent[0] !== '' ? sent[0] : undefined);
        }),
        fuzzParameters(70),
      );
    },
    fuzzTimeout(1),
  );
});

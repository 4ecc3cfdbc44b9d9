// validate() never throws for any payload and never lets one failing check erase the others: a
// value too long for a regular expression, a payload nested past the stack, a getter or Proxy
// trap that throws (payloads built in code, not parsed). Each case was a defect found by review.
import { join } from 'node:path';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.js';
import { examplesDir, readJson } from './support/cases.js';
import { fuzzParameters } from './support/fuzz.js';

const require = createRequire(import.meta.url);
const formats = require('../src/formats.cjs') as Record<string, (text: string) => boolean>;
const { fullFormats } = require('ajv-formats/dist/formats') as { fullFormats: Record<string, (text: string) => boolean> };

const MB = 1_000_000;
const ids = (findings: readonly { ruleId: string; pointer: string }[]) => findings.map((f) => [f.ruleId, f.pointer]);

/** The message bundle example with a 10 MB eventUri, a bad timestamp and an unknown member. */
function bundleWithLongUri(): Record<string, any> {
  const bundle = readJson(join(examplesDir, 'valid/fhir-message.json')) as Record<string, any>;
  const header = bundle.entry[0].resource;
  expect(header.resourceType).toBe('MessageHeader');
  header.eventUri = `https://fhir.example.com/${'a'.repeat(10 * MB)}`;
  bundle.timestamp = 'yesterday';
  bundle.entry[1].resource.foo = 1;
  return bundle;
}

describe('a value too long for a regular expression', () => {
  it('a 10 MB eventUri: reported at its pointer, and every other finding kept', () => {
    const result = validate(bundleWithLongUri());
    expect(result.valid).toBe(false);
    expect(ids(result.findings)).toEqual(
      expect.arrayContaining([
        ['schema', '/timestamp'],
        ['unknown-field', '/entry/1/resource/foo'],
        ['bundle-event-uri', '/entry/0/resource/eventUri'],
      ]),
    );
    expect(ids(result.findings).map(([rule]) => rule)).not.toContain('nesting-depth');
  });

  it('with nesting-depth off, the bundle is still invalid', () => {
    expect(validate(bundleWithLongUri(), { rules: { 'nesting-depth': 'off' } }).valid).toBe(false);
  });

  it('the uri format scans 30 MB without a RangeError, and agrees with ajv-formats on ordinary URIs', () => {
    for (const text of [
      `https://x.example/${'a'.repeat(30 * MB)}`,
      `urn:uuid:${'a'.repeat(30 * MB)}`,
      `a:${'%41'.repeat(10 * MB)}`,
      `x://${'a'.repeat(30 * MB)}@h`,
    ]) {
      expect(() => formats.uri!(text)).not.toThrow();
    }
    expect(formats.uri!(`https://x.example/${'a'.repeat(30 * MB)}`)).toBe(true);
    const samples = [
      'https://fhir.example.com/fhir-definitions/EventDefinition/ReferralAccepted',
      'urn:uuid:0c3151bd-1cbf-4d64-b04d-cd9187a4c6e0',
      'urn:oid:1.2.840.10008',
      'http://user:pw@[::1]:8080/a/b?c=d&e#f',
      'http://[v7.fe80::1]/',
      'http://192.168.0.1:80/',
      'mailto:someone@example.com',
      'file:///etc/hosts',
      'tel:+1-816-555-1212',
      'HTTPS://EXAMPLE.COM/%7Euser',
      'a:b/c',
      'a:/b',
      '//no-scheme.example',
      'no-scheme',
      'http://exa mple.com',
      'http://example.com/%zz',
      'http://example.com/%4',
      'http://[::1',
      'http://[::1]x/',
      'http://a:b:c/',
      'http://h:12a/',
      'a:',
      '1http://x',
      'http://x/#a#b',
      'http://x/?a?b/c#d/?',
      'http://[1:2:3:4:5:6:7:8:9]/',
      '',
    ];
    for (const sample of samples) expect([sample, formats.uri!(sample)]).toEqual([sample, fullFormats.uri!(sample)]);
  });
});

describe('the uri format, on any short string', () => {
  // Short strings cannot overflow ajv-formats' expression: there it is the reference.
  const uriChars = fc.constantFrom(..."aZ09:/?#[]@%!$&'()*+,;=-._~ v.fF:".split(''));
  const uriLike = fc.oneof(
    fc.string({ unit: uriChars, maxLength: 24 }),
    fc.tuple(fc.constantFrom('http://', 'a:', 'urn:uuid:', 'x:/', 'h://[', 'h://u@'), fc.string({ unit: uriChars, maxLength: 24 })).map(([a, b]) => a + b),
  );
  it('agrees with ajv-formats', () => {
    fc.assert(
      fc.property(uriLike, (text) => formats.uri!(text) === fullFormats.uri!(text)),
      { ...fuzzParameters(60), numRuns: 20_000 },
    );
  });
});

describe('a RangeError in one rule does not erase the findings of the others', () => {
  it('FHIR extensions nested 100,000 deep, beside an unknown member and a bad value', () => {
    const depth = 100_000;
    const payload = JSON.parse(
      `{"resourceType": "Patient", "gender": "robot", "nickname": "x", "extension": [${'{"url": "http://example.com/x", "extension": ['.repeat(depth)}${']}'.repeat(depth)}]}`,
    );
    const result = validate(payload);
    expect(ids(result.findings)).toEqual(
      expect.arrayContaining([
        ['nesting-depth', `/extension${'/0/extension'.repeat(255)}/0`],
        ['unknown-field', '/nickname'],
      ]),
    );
  });
});

describe('payloads built in code', () => {
  const merge = () => readJson(join(examplesDir, 'valid/patientadmin-patientmerge.json')) as Record<string, any>;

  it('a getter that throws is a finding, not an exception', () => {
    const payload = merge();
    Object.defineProperty(payload.Patient, 'Demographics', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const result = validate(payload);
    expect(result.valid).toBe(false);
    expect(result.findings.some((f) => f.message.includes('boom'))).toBe(true);
  });

  it('a Proxy whose traps throw, at the root and inside', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('get trap');
        },
        ownKeys() {
          throw new Error('ownKeys trap');
        },
        has() {
          throw new Error('has trap');
        },
      },
    );
    expect(() => validate(hostile)).not.toThrow();
    expect(validate(hostile).valid).toBe(false);
    const inside = merge();
    inside.Patient = hostile;
    expect(() => validate(inside)).not.toThrow();
    expect(validate(inside).valid).toBe(false);
    expect(() => validate(hostile, { kind: 'PatientAdmin/PatientMerge' })).not.toThrow();
  });

  it('a Symbol EventType is reported as a symbol, not as missing', () => {
    const payload = { Meta: { DataModel: 'PatientAdmin', EventType: Symbol('PatientMerge') } };
    const [finding] = validate(payload).findings;
    expect(finding).toMatchObject({ ruleId: 'unknown-kind', pointer: '/Meta/EventType' });
    expect(finding!.message).toContain('symbol');
    expect(finding!.message).not.toContain('missing');
  });
});

// attachment-size on real sizes: a 7.5 MB and a 5 MB inline attachment in a Claim $attach bundle,
// generated here (never committed). Measured on the base64 text, never decoded; malformed base64
// of that size is a schema finding, never a RangeError.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTACHMENT_LIMIT } from '../../src/rules/fhir/attachment-size.js';
import { validate } from '../../src/index.js';
import { validExample } from './support.js';

const MB = 1_000_000;
/** Valid base64 of exactly `chars` characters (a multiple of 4). */
const base64 = (chars: number) => 'JVBERi0xLjQKJeLjz9MK'.repeat(Math.ceil(chars / 20)).slice(0, chars);

function claim(data: string) {
  const bundle = validExample('fhir-claimattach');
  bundle.entry[0].resource.content[0].attachment.data = data;
  return bundle;
}
const POINTER = '/entry/0/resource/content/0/attachment/data';
const found = (payload: unknown, options = {}) => validate(payload, options).findings.map((f) => `${f.ruleId} ${f.pointer}`);

describe('attachment-size', () => {
  it('the default limit is 7 MB of base64 text, MB = 10^6', () => {
    expect(DEFAULT_ATTACHMENT_LIMIT).toBe(7 * MB);
  });

  it('a 7.5 MB inline attachment is an error that says to upload a Binary and use attachment.url', () => {
    const result = validate(claim(base64(7.5 * MB)));
    expect(result.valid).toBe(false);
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ ruleId: 'attachment-size', severity: 'error', pointer: POINTER });
    expect(result.findings[0]!.message).toMatch(/7,500,000 characters.*Binary.*attachment\.url/);
    expect(result.findings[0]!.message.length).toBeLessThan(300);
  });

  it('a 5 MB inline attachment is fine', () => {
    expect(found(claim(base64(5 * MB)))).toEqual([]);
  });

  it('the boundary: below 7,000,000 characters passes, 7,000,000 does not', () => {
    expect(found(claim(base64(DEFAULT_ATTACHMENT_LIMIT - 4)))).toEqual([]);
    expect(found(claim(base64(DEFAULT_ATTACHMENT_LIMIT)))).toEqual([`attachment-size ${POINTER}`]);
  });

  it('options.attachmentLimit moves the limit (for example to 7 MiB)', () => {
    const data = base64(7.2 * MB);
    expect(found(claim(data))).toEqual([`attachment-size ${POINTER}`]);
    expect(found(claim(data), { attachmentLimit: 7 * 1024 * 1024 })).toEqual([]);
  });

  it('checks every content item of every DocumentReference entry, only in Claim $attach', () => {
    const bundle = claim(base64(100));
    bundle.entry[0].resource.content.push({ attachment: { contentType: 'application/pdf', data: base64(7.5 * MB) } });
    expect(found(bundle)).toEqual(['attachment-size /entry/0/resource/content/1/attachment/data']);
    const create = validExample('fhir-documentreferencecreate');
    create.entry[1].resource.content[0].attachment.data = base64(7.5 * MB);
    expect(found(create)).toEqual([]);
  });

  it('malformed base64 of 7.5 MB is a schema finding, not a RangeError or nesting-depth', () => {
    const data = base64(7.5 * MB);
    // (White space is not malformed: R4's base64Binary allows it between characters.)
    for (const bad of [`${data.slice(0, 4 * MB)}#${data.slice(4 * MB)}`, `${data}_`, `${data}=A`, `${data.slice(0, 3 * MB)}\u00a0${data.slice(3 * MB)}`]) {
      expect(found(claim(bad)).sort()).toEqual([`attachment-size ${POINTER}`, `schema ${POINTER}`]);
    }
  });

  it('does not copy the attachment: the finding quotes no data, and the payload is left as it was', () => {
    const data = base64(7.5 * MB);
    const bundle = claim(data);
    const result = validate(bundle);
    expect(JSON.stringify(result).length).toBeLessThan(2000);
    expect(bundle.entry[0].resource.content[0].attachment.data).toBe(data);
  });
});

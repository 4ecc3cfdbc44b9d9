// The function formats the generated validators call (src/formats.cjs), case by case; the schema
// suites cover them through the validators as well.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const formats = createRequire(import.meta.url)('../src/formats.cjs') as Record<string, unknown> & { base64: (text: string) => boolean };

describe('base64', () => {
  it.each([
    ['QQ==', 'two padding characters'],
    ['QUI=', 'one padding character'],
    ['QUJD', 'no padding'],
    ['a+/9', 'every kind of alphabet character'],
    ['JVBERi0xLjQK', 'a PDF header'],
  ])('accepts %s (%s)', (text) => {
    expect(formats.base64(text)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['=', 'padding only'],
    ['==', 'padding only, twice'],
    ['QQ===', 'three padding characters'],
    ['Q=Q=', 'padding inside'],
    ['QQ=A', 'data after padding'],
    ['a_b-', 'the base64url alphabet'],
    ['QU JD', 'a space'],
    ['QUJD\n', 'a line break'],
    ['QUJé', 'a non-ASCII letter'],
  ])('rejects %j (%s)', (text) => {
    expect(formats.base64(text)).toBe(false);
  });

  it('re-exports the ajv-formats formats the validators name', () => {
    for (const name of ['date', 'date-time', 'uri', 'email']) expect(formats[name], name).toBeDefined();
  });
});

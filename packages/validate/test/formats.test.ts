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
    // R4 base64Binary is `(\s*([0-9a-zA-Z\+/=]){4}\s*)+`: white space between groups is allowed.
    ['QU JD', 'a space (R4 allows white space)'],
    ['QUJD\r\nQUJD\n', 'line breaks, as official R4 examples wrap attachment data'],
    ['QQ==\n', 'padding, then a line break'],
    ['\tQUJD', 'a tab first'],
    ['QQ= =', 'padding with white space between'],
  ])('accepts %j (%s)', (text) => {
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
    [' \n ', 'white space only'],
    ['QQ==\nQQ==', 'data after padding and a line break'],
    ['QU\u00a0JD', 'a no-break space (not white space in R4)'],
    ['QUJé', 'a non-ASCII letter'],
  ])('rejects %j (%s)', (text) => {
    expect(formats.base64(text)).toBe(false);
  });

  it('re-exports the ajv-formats formats the validators name', () => {
    for (const name of ['date', 'date-time', 'uri', 'email']) expect(formats[name], name).toBeDefined();
  });
});

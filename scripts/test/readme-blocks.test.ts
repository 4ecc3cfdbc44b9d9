// The README blocks the release smoke test runs against the packed tarballs (scripts/smoke/consumer.mjs):
// every published package's ts/js block is found, and each gets its free variables bound, never twice.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readmeBlocks, snippetModule } from '../smoke/readme-blocks.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');

describe('scripts/smoke/readme-blocks.mjs', () => {
  it("finds the code blocks of the published packages' READMEs", () => {
    const blocks = readmeBlocks(root, ['types', 'validate', 'cdx-lint', 'schemas', 'language-server']);
    expect(blocks.map((b) => [b.name, b.lang])).toEqual(
      expect.arrayContaining([
        ['types-1', 'ts'],
        ['validate-1', 'ts'],
        ['cdx-lint-1', 'ts'],
        ['schemas-1', 'js'],
      ]),
    );
    expect(blocks.find((b) => b.name === 'schemas-1')!.code).toContain("require('@cdx/schemas/catalog.json')");
  });

  it('binds the free variables a block uses, typed in TypeScript, and leaves declared ones alone', () => {
    const ts = snippetModule('validate(payload);\nlintJson(text);\n', 'ts');
    expect(ts).toContain("const payload: unknown = JSON.parse(readSample(new URL('./fhir-patient.json', import.meta.url), 'utf8'));");
    expect(ts).toContain('const text: string = readSample(');
    expect(ts).not.toContain('const body');
    expect(snippetModule('const payload = {};\nvalidate(payload);\n', 'js')).not.toContain('JSON.parse(readSample');
    expect(snippetModule('validate(body);\n', 'js')).toContain('const body = JSON.parse(');
  });
});

// nesting-depth comes from @cdx/validate only for kinds with recursive schemas; whatever kind
// raises it, the CLI must place it in a file nested 100,000 levels deep without overflowing the
// stack. @cdx/validate is stubbed here to report it, at the pointer it would use (512 levels in).
import { describe, expect, it, vi } from 'vitest';

const POINTER = '/a'.repeat(512);

vi.mock('@cdx/validate', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cdx/validate')>();
  return {
    ...actual,
    validate: () => ({
      kind: 'PatientAdmin/PatientMerge',
      valid: false,
      findings: [
        {
          ruleId: 'nesting-depth',
          severity: 'error',
          pointer: POINTER,
          message: 'The payload nests objects or arrays too deeply to be a real message; it was not validated.',
        },
      ],
    }),
  };
});

const { lintText } = await import('../src/lint/lint-text.js');

describe('nesting-depth', () => {
  it('is located 512 levels into a file nested 100,000 levels deep', () => {
    const depth = 100_000;
    const text = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const result = lintText(text, 'deep.json', { rules: {}, pointerOverrides: [] });
    // The 512th `{"a":` starts at offset 511 * 5; its name (the span of an object member) one later.
    expect(result.messages).toEqual([
      expect.objectContaining({ ruleId: 'nesting-depth', severity: 2, pointer: POINTER, line: 1, column: 511 * 5 + 2, endColumn: 511 * 5 + 5 }),
    ]);
  });
});

// callMembers (src/fhir/members.cjs): what a canonical R4 validator calls for a run of members that
// are calls of other validators (scripts/lib/fhir-members.mjs). It must do what ajv's code for each
// member does: validate each own member present, in table order, with its instance path, and append
// the callee's errors after those so far.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

type Validate = ((value: unknown, context: { instancePath: string }) => boolean) & { errors?: unknown[] | null };
const { callMembers } = createRequire(import.meta.url)('../../src/fhir/members.cjs') as {
  callMembers: (data: object, instancePath: string, members: [string, Validate][], errors: unknown[] | null) => unknown[] | null;
};

/** A validator that rejects anything but a string, with an error at its instance path. */
function stringCheck(): Validate & { seen: string[] } {
  const seen: string[] = [];
  const validate = Object.assign(
    (value: unknown, { instancePath }: { instancePath: string }) => {
      seen.push(instancePath);
      validate.errors = typeof value === 'string' ? null : [{ instancePath, keyword: 'type' }];
      return validate.errors === null;
    },
    { seen, errors: null as unknown[] | null },
  );
  return validate;
}

describe('callMembers', () => {
  it('checks each present member in table order, and appends the errors of each that fails', () => {
    const check = stringCheck();
    const before = [{ instancePath: '/resourceType', keyword: 'const' }];
    const errors = callMembers(
      { b: 1, a: 'x', c: false },
      '/entry/0',
      [
        ['a', check],
        ['b', check],
        ['missing', check],
        ['c', check],
      ],
      before,
    );
    expect(check.seen).toEqual(['/entry/0/a', '/entry/0/b', '/entry/0/c']);
    expect(errors).toEqual([
      { instancePath: '/resourceType', keyword: 'const' },
      { instancePath: '/entry/0/b', keyword: 'type' },
      { instancePath: '/entry/0/c', keyword: 'type' },
    ]);
    expect(errors).toBe(before);
  });

  it('returns null when nothing failed so far, and the first errors when there were none before', () => {
    const check = stringCheck();
    expect(callMembers({ a: 'x' }, '', [['a', check]], null)).toBeNull();
    expect(callMembers({ a: 2 }, '', [['a', check]], null)).toEqual([{ instancePath: '/a', keyword: 'type' }]);
  });

  it('skips a member that is inherited or undefined, as ajv with ownProperties does', () => {
    const check = stringCheck();
    const data = Object.assign(Object.create({ a: 1 }) as object, { b: undefined });
    expect(
      callMembers(
        data,
        '',
        [
          ['a', check],
          ['b', check],
          ['toString', check],
        ],
        null,
      ),
    ).toBeNull();
    expect(check.seen).toEqual([]);
  });
});

// The order a scope's rules run in is declared in their metas (`meta.after`), not kept by a runner:
// the assertion checker's findings come: the token's form first, then header, claims and signature, and jwt-jti
// runs last because it remembers a jti only when no other rule reported.
import { describe, expect, it } from 'vitest';
import { assertionRules } from '../src/auth/check.js';
import { createRule } from '../src/rules/create-rule.js';
import { rulesOf } from '../src/rules/index.js';
import { inRunOrder } from '../src/run-order.js';
import { ASSERTION } from '../src/rules/scopes.js';

const rule = (id: string, after: string[] = []) =>
  createRule({
    scope: ASSERTION,
    meta: { id, severity: 'error', description: id, messages: { m: id }, after },
    check() {
      // Never run: only the meta is ordered here.
    },
  });

describe('run order from meta.after', () => {
  it('the assertion rules run in the same order whatever order the registry lists them in', () => {
    const registered = rulesOf(ASSERTION);
    const order = inRunOrder(registered).map((r) => r.meta.id);
    expect(inRunOrder([...registered].reverse()).map((r) => r.meta.id)).toEqual(order);
    expect(assertionRules().map((r) => r.meta.id)).toEqual(order);
    expect(order).toEqual([
      'jwt-malformed',
      'jwt-alg',
      'jwt-kid',
      'jwt-typ',
      'jwt-crit',
      'jwt-jku',
      'jwt-iss-sub',
      'jwt-aud',
      'jwt-exp',
      'jwt-iat',
      'jwt-signature',
      'jwt-jti',
    ]);
  });

  it("'*' runs a rule after every other rule of its scope; an unknown id or a cycle is refused", () => {
    expect(inRunOrder([rule('last', ['*']), rule('b', ['a']), rule('a')]).map((r) => r.meta.id)).toEqual(['a', 'b', 'last']);
    expect(() => inRunOrder([rule('a', ['nope'])])).toThrow(/nope/);
    expect(() => inRunOrder([rule('a', ['b']), rule('b', ['a'])])).toThrow(/cycle/);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ALGS, CLIENT_ASSERTION_TYPE, GRANT_TYPE } from '../../src/auth/index.js';
import { assertionRules } from '../../src/auth/check.js';
import { rulesOf } from '../../src/rules/index.js';
import { ASSERTION } from '../../src/rules/scopes.js';

const repo = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
const schema = (name: string) =>
  JSON.parse(readFileSync(repo(`schemas/auth/${name}.schema.json`), 'utf8')) as {
    properties: Record<string, { enum?: string[]; const?: string }>;
  };

describe('auth rules', () => {
  it('the checker runs every assertion rule of the registry once, jwt-malformed first and jwt-jti last', () => {
    const order = assertionRules().map((r) => r.meta.id);
    expect([...order].sort()).toEqual(
      rulesOf(ASSERTION)
        .map((r) => r.meta.id)
        .sort(),
    );
    expect(order.length).toBeGreaterThan(10);
    expect([order[0], order.at(-1)]).toEqual(['jwt-malformed', 'jwt-jti']);
  });

  it('the checker and the schemas agree on algorithms and form constants', () => {
    expect(schema('client-assertion-header').properties.alg?.enum).toEqual([...ALLOWED_ALGS]);
    expect(schema('token-request').properties.grant_type?.const).toBe(GRANT_TYPE);
    expect(schema('token-request').properties.client_assertion_type?.const).toBe(CLIENT_ASSERTION_TYPE);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ALGS, AUTH_RULES, CLIENT_ASSERTION_TYPE, GRANT_TYPE } from '../../src/auth/index.js';

const repo = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
const schema = (name: string) => JSON.parse(readFileSync(repo(`schemas/auth/${name}.schema.json`), 'utf8')) as {
  properties: Record<string, { enum?: string[]; const?: string }>;
};

describe('auth rule registry', () => {
  it('every rule has an id equal to its key, a severity, a description and a docs page', () => {
    for (const [key, rule] of Object.entries(AUTH_RULES)) {
      expect(rule.id).toBe(key);
      expect(['error', 'warning']).toContain(rule.severity);
      expect(rule.description.length).toBeGreaterThan(20);
      expect(existsSync(repo(`docs/rules/${key}.md`)), `docs/rules/${key}.md`).toBe(true);
    }
  });

  it('the checker and the schemas agree on algorithms and form constants', () => {
    expect(schema('client-assertion-header').properties.alg?.enum).toEqual([...ALLOWED_ALGS]);
    expect(schema('token-request').properties.grant_type?.const).toBe(GRANT_TYPE);
    expect(schema('token-request').properties.client_assertion_type?.const).toBe(CLIENT_ASSERTION_TYPE);
  });
});

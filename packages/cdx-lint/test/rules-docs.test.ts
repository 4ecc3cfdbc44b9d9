// Every registered rule has docs/rules/<id>.md with the sections the issue asks for, and every
// file there documents a registered rule. Registered: what cdx-lint reports (its own rules and
// @cdx/validate's RULE_META, read at run time, so a rule added there without a doc fails here) and
// the client-assertion checker's AUTH_RULES (@cdx/validate/auth) and checkSearchParams'
// SEARCH_PARAM_RULE, which share docs/rules/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCH_PARAM_RULE } from '@cdx/validate';
import { AUTH_RULES } from '@cdx/validate/auth';
import { describe, expect, it } from 'vitest';
import { allRules } from '../src/rules.js';
import { FIXTURES } from './support/bin.js';

const DOCS = join(FIXTURES, '../../../../docs/rules');
const ids = [...new Set([...allRules().map((r) => r.id), ...Object.keys(AUTH_RULES), SEARCH_PARAM_RULE.id])].sort();
const docs = readdirSync(DOCS).filter((f) => f.endsWith('.md'));

describe('docs/rules', () => {
  it.each(ids)('%s has a doc with what, why, incorrect and correct examples, and options', (id) => {
    const path = join(DOCS, `${id}.md`);
    expect(existsSync(path), `docs/rules/${id}.md is missing`).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(`# ${id}\n`), 'the title is the rule id').toBe(true);
    for (const section of ['What', 'Why', 'Incorrect', 'Correct', 'Options']) expect(text, `section ${section}`).toMatch(new RegExp(`^## ${section}$`, 'm'));
  });

  it('every doc names a registered rule', () => {
    const orphans = docs.map((f) => f.replace(/\.md$/, '')).filter((id) => !ids.includes(id));
    expect(orphans, 'docs/rules/*.md without a rule in RULE_META, AUTH_RULES, SEARCH_PARAM_RULE or the CLI').toEqual([]);
  });

  it('the SARIF and stylish links point at these files', () => {
    for (const rule of allRules()) expect(rule.docsUrl.endsWith(`/docs/rules/${rule.id}.md`)).toBe(true);
  });
});

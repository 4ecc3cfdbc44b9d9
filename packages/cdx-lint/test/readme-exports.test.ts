// What the packages' READMEs promise about the API is there: each export a README's bullet list names
// exists, and the rules `RULES` holds plus cdx-lint's own are exactly what --list-rules prints, as
// @cdx/validate's README says. (The README code blocks run against the packed tarballs in
// scripts/smoke/consumer.mjs.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as validateApi from '@cdx/validate';
import { describe, expect, it } from 'vitest';
import { CLI_RULES } from '../src/rules/index.js';
import { REPO, runBin } from './support/bin.js';

const readme = readFileSync(join(REPO, 'packages/validate/README.md'), 'utf8');

describe("@cdx/validate's README", () => {
  it('names only exports that exist in its bullet list', () => {
    const named = [...readme.matchAll(/^- `([A-Za-z_]\w*)(?:\(|`)/gm)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(3);
    for (const name of named) expect(Object.keys(validateApi), name).toContain(name);
  });

  it("says how RULES and --list-rules relate: --list-rules is RULES plus cdx-lint's own rules, which it names", () => {
    const listed = runBin(['--list-rules']).stdout.trim().split('\n');
    expect(listed).toHaveLength(validateApi.RULES.length + CLI_RULES.length);
    for (const rule of CLI_RULES) expect(readme, rule.meta.id).toContain(`\`${rule.meta.id}\``);
  });
});

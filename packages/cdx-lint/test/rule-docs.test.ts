// Rule docs are reachable offline from what is installed: each rule's page ships in @cdx/validate
// (dist/docs/rules/<id>.md, a copy of docs/rules/), and every link to it (the rules' docsUrl, SARIF's
// helpUri, the stylish footer) is that file's file: URL, so it matches the installed version.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allRules } from '../src/rules/index.js';
import { FIXTURES, REPO, runBin } from './support/bin.js';

const SHIPPED = join(REPO, 'packages/validate/dist/docs/rules');
const threeFindings = join(FIXTURES, 'e2e/three-findings.json');

describe('rule docs', () => {
  it("each rule's docsUrl is its page as installed in @cdx/validate, the same text as docs/rules", () => {
    for (const rule of allRules()) {
      expect(rule.docsUrl, rule.id).toMatch(/^file:\/\//);
      const path = fileURLToPath(rule.docsUrl);
      expect(path, rule.id).toBe(join(SHIPPED, `${rule.id}.md`));
      expect(readFileSync(path, 'utf8'), rule.id).toBe(readFileSync(join(REPO, 'docs/rules', `${rule.id}.md`), 'utf8'));
    }
  });

  it('@cdx/validate publishes them (its files include dist/docs/rules)', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'packages/validate/package.json'), 'utf8')) as { files: string[] };
    expect(manifest.files).toContain('dist');
    expect(manifest.files.filter((f) => f.startsWith('!')).some((f) => 'dist/docs/rules/schema.md'.startsWith(f.slice(1)))).toBe(false);
  });

  it('SARIF helpUri and the stylish footer link the installed pages; no link to a home that does not exist', () => {
    const sarif = JSON.parse(runBin(['-f', 'sarif', threeFindings]).stdout) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] };
    for (const rule of sarif.runs[0]!.tool.driver.rules) expect(existsSync(fileURLToPath(rule.helpUri)), rule.id).toBe(true);
    const stylish = runBin([threeFindings]).stdout;
    expect(stylish).toContain(`  schema          file://${SHIPPED}/schema.md\n`);
    expect(stylish).not.toContain('github.com');
  });
});

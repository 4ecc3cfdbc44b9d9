// End-to-end scenarios: spawn the built bin (run `pnpm build` first), compare exit status, stdout
// and stderr with the files in scenarios/expected/. Update them with `vitest -u` and review the diff.
// The repository root (for SARIF and GitHub paths) is given as GitHub Actions gives it, so the
// expected files hold in a checkout without .git too.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES, normalize, REPO, runBin } from './support/bin.js';

const here = dirname(fileURLToPath(import.meta.url));

interface Scenario {
  name: string;
  args: string[];
  status: number;
  /** Fixture piped to stdin. */
  stdin?: string;
  /** Working directory under fixtures/ (default fixtures/ itself). */
  cwd?: string;
  /**
   * `json`: stdout is compared as parsed JSON (pretty-printed in the expected file). `sarif`: the
   * same, without the rule table, which grows as @cdx/validate gains rules (formatters.test.ts
   * checks it against the registry).
   */
  stdout?: 'text' | 'json' | 'sarif';
}

function withoutRuleTable(log: { runs: { tool: { driver: { rules?: unknown } }; results: { ruleIndex?: number }[] }[] }) {
  for (const run of log.runs) {
    run.tool.driver.rules = '<every rule: see formatters.test.ts>';
    for (const result of run.results) delete result.ruleIndex;
  }
  return log;
}

const scenarios = JSON.parse(readFileSync(join(here, 'scenarios/scenarios.json'), 'utf8')) as Scenario[];

describe('scenarios', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (name, scenario) => {
    const input = scenario.stdin ? readFileSync(join(FIXTURES, scenario.stdin), 'utf8') : '';
    const run = runBin(scenario.args, { cwd: join(FIXTURES, scenario.cwd ?? '.'), input, env: { GITHUB_WORKSPACE: REPO } });
    let stdout = normalize(run.stdout);
    if (scenario.stdout === 'json') stdout = `${JSON.stringify(JSON.parse(stdout), null, 2)}\n`;
    if (scenario.stdout === 'sarif') stdout = `${JSON.stringify(withoutRuleTable(JSON.parse(stdout)), null, 2)}\n`;
    const stderr = run.stderr ? `\n--- stderr ---\n${normalize(run.stderr)}` : '';
    await expect(`${stdout}${stderr}`).toMatchFileSnapshot(
      `scenarios/expected/${name}.${scenario.stdout === 'json' || scenario.stdout === 'sarif' ? 'json' : 'txt'}`,
    );
    expect(run.status, run.stderr).toBe(scenario.status);
  });
});

describe("the README's first command", () => {
  it('lints every valid example with the examples config: no problems, exit 0', () => {
    const examples = join(here, '../../../schemas/examples');
    const run = runBin(['-c', join(examples, 'cdx-lint.config.json'), join(examples, 'valid')]);
    expect(run.stdout).toMatch(/files checked, no problems\.\n$/);
    expect(run.status, run.stdout).toBe(0);
  });
});

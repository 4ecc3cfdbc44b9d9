// npm, run in the repository (as the README's `npx -y pnpm@…` and the smoke test's npm and npx are),
// must have nothing to say about the repository's own config files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { npmTool } from '../../smoke/pack.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

it('npm reads the repository without a warning', () => {
  // A home of its own: the machine's user config is not the repository's business.
  const home = mkdtempSync(join(tmpdir(), 'cdx-npm-home-'));
  const npm = npmTool('npm');
  // Nor is the config a package manager running this test passes down in npm_config_* variables.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
  const run = spawnSync(npm, ['config', 'get', 'registry'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...env, HOME: home, USERPROFILE: home, npm_config_userconfig: join(home, '.npmrc'), npm_config_update_notifier: 'false' },
  });
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
});

#!/usr/bin/env node
// What installing each published package costs: `npm pack --dry-run` sizes, against the budgets
// (@cdx/validate with every R4 resource type: ≤ 4 MB packed, ≤ 25 MB unpacked). Needs a build.
// Not a test: prints numbers for docs/performance.md.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUDGETS = { '@cdx/validate': { packed: 4e6, unpacked: 25e6 } };
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const cwd = join(root, 'packages', dir);
  let report;
  try {
    report = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0];
  } catch {
    continue; // private packages (the playground, the editor extension) are not published to npm
  }
  const budget = BUDGETS[report.name];
  const check = (what, bytes) => (budget ? ` (budget ≤ ${mb(budget[what])}: ${bytes <= budget[what] ? 'ok' : 'MISSED'})` : '');
  console.log(`${report.name.padEnd(16)} packed ${mb(report.size)}${check('packed', report.size)}, unpacked ${mb(report.unpackedSize)}${check('unpacked', report.unpackedSize)}, ${report.entryCount} files`);
}

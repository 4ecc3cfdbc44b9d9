// `pnpm robustness`: every measurement of hostile input, each script in turn (run `pnpm build`
// first). Each prints its table for docs/robustness.md and fails when a bound it gates is broken.
//
//   pnpm robustness [rss|limits|fix-race]...   (default: all three)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ALL = ['rss', 'limits', 'fix-race'];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`usage: pnpm robustness [${ALL.join('|')}]...`);
  process.exit(2);
}
let failed = false;
for (const name of asked.length > 0 ? asked : ALL) {
  console.log(`\n## ${name}\n`);
  const run = spawnSync(process.execPath, [join(here, `${name}.mjs`)], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

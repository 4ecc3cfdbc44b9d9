#!/usr/bin/env node
// What installing each published package costs: `npm pack --dry-run` sizes, and @cdx/validate's
// generated validators on disk, against the size budgets: @cdx/validate ≤ 4 MB packed and ≤ 8 MB
// unpacked, its generated validators ≤ 7 MB, no generated line over 1,000 characters. The FHIR
// strict twins (fhir/r4/*.twin.cjs) are also counted apart, as the sizes without them. Needs a
// build. Not a test: prints numbers for docs/performance.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUDGETS = { '@cdx/validate': { packed: 4e6, unpacked: 8e6 } };
const VALIDATORS_BUDGET = 7e6;
const LONGEST_LINE = 1000;
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const verdict = (value, budget) => (value <= budget ? 'ok' : 'MISSED');
/** A FHIR strict twin module, by its path in the package or under generated/validators/. */
const isFhirTwin = (path) => /(^|\/)fhir\/r4\/[^/]+\.twin\.cjs$/.test(path);

for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const cwd = join(root, 'packages', dir);
  let report;
  try {
    report = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0];
  } catch {
    continue; // private packages (the playground, the editor extension) are not published to npm
  }
  const budget = BUDGETS[report.name];
  const check = (what, bytes) => (budget ? ` (budget ≤ ${mb(budget[what])}: ${verdict(bytes, budget[what])})` : '');
  console.log(`${report.name.padEnd(16)} packed ${mb(report.size)}${check('packed', report.size)}, unpacked ${mb(report.unpackedSize)}${check('unpacked', report.unpackedSize)}, ${report.entryCount} files`);
  if (budget) {
    const twins = report.files.filter((f) => isFhirTwin(f.path)).reduce((sum, f) => sum + f.size, 0);
    console.log(`${''.padEnd(16)} without the FHIR strict twins (${mb(twins)}): unpacked ${mb(report.unpackedSize - twins)} (${verdict(report.unpackedSize - twins, budget.unpacked)})`);
  }
}

// The generated validators as the package ships them (src/ and dist/ hold the same modules).
const validators = join(root, 'packages/validate/src/generated/validators');
let total = 0;
let twins = 0;
let longest = { length: 0, where: '' };
for (const entry of readdirSync(validators, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name);
  const text = readFileSync(path);
  total += text.length;
  if (isFhirTwin(relative(validators, path).split('\\').join('/'))) twins += text.length;
  for (const [i, line] of text.toString('utf8').split('\n').entries()) {
    if (line.length > longest.length) longest = { length: line.length, where: `${relative(root, path)}:${i + 1}` };
  }
}
console.log(
  `generated validators on disk ${mb(total)} (budget ≤ ${mb(VALIDATORS_BUDGET)}: ${verdict(total, VALIDATORS_BUDGET)}); ` +
    `without the FHIR strict twins (${mb(twins)}): ${mb(total - twins)} (${verdict(total - twins, VALIDATORS_BUDGET)})`,
);
console.log(`longest generated line ${longest.length} characters, ${longest.where} (budget ≤ ${LONGEST_LINE}: ${verdict(longest.length, LONGEST_LINE)})`);

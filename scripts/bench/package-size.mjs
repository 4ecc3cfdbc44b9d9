#!/usr/bin/env node
// What installing each published package costs: `npm pack --dry-run` sizes, and @cdx/validate's
// generated validators on disk, against the size budgets: @cdx/validate ≤ 4 MB packed and ≤ 8 MB
// unpacked, its generated validators ≤ 7 MB, no generated line over 1,000 characters. Both are
// broken down by what the bytes are: the R4 canonical validators (the exact path), the strict twin
// tables and the compiled strict twins (the fast path), and the rest (Data Model, CDS Hooks and auth
// modules, the shared field maps); the package's also its source maps and everything else. Needs a
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
/**
 * What a generated validator module is, by its path in the package or under generated/validators/.
 * @param {string} path
 */
function part(path) {
  const r4 = /(?:^|\/)fhir\/r4\/[^/]+\.cjs$/.exec(path);
  if (!r4) return 'rest';
  if (path.endsWith('.twin.cjs')) return 'twins';
  return path.endsWith('.table.cjs') ? 'tables' : 'canonical';
}
/** @type {Record<string, string>} */
const PARTS = { canonical: 'R4 canonical', tables: 'R4 twin tables', twins: 'R4 compiled twins', rest: 'rest' };
/** @param {Record<string, number>} sizes */
const breakdown = (sizes) =>
  Object.entries(sizes)
    .map(([key, bytes]) => `${Object.hasOwn(PARTS, key) ? PARTS[key] : key} ${mb(bytes)}`)
    .join(', ');

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
    /** @type {Record<string, number>} */
    const sizes = { 'generated validators': 0, 'source maps': 0, 'everything else': 0 };
    for (const f of report.files) {
      const what = f.path.startsWith('dist/generated/validators/') ? 'generated validators' : f.path.endsWith('.map') ? 'source maps' : 'everything else';
      sizes[what] = (sizes[what] ?? 0) + f.size;
    }
    console.log(`${''.padEnd(16)} unpacked: ${breakdown(sizes)}`);
  }
}

// The generated validators as the package ships them (src/ and dist/ hold the same modules).
const validators = join(root, 'packages/validate/src/generated/validators');
let total = 0;
/** @type {Record<string, number>} */
const sizes = { canonical: 0, tables: 0, twins: 0, rest: 0 };
let longest = { length: 0, where: '' };
for (const entry of readdirSync(validators, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name);
  const text = readFileSync(path);
  total += text.length;
  const what = part(relative(validators, path).split('\\').join('/'));
  sizes[what] = (sizes[what] ?? 0) + text.length;
  for (const [i, line] of text.toString('utf8').split('\n').entries()) {
    if (line.length > longest.length) longest = { length: line.length, where: `${relative(root, path)}:${i + 1}` };
  }
}
console.log(`generated validators on disk ${mb(total)} (budget ≤ ${mb(VALIDATORS_BUDGET)}: ${verdict(total, VALIDATORS_BUDGET)}): ${breakdown(sizes)}`);
console.log(`longest generated line ${longest.length} characters, ${longest.where} (budget ≤ ${LONGEST_LINE}: ${verdict(longest.length, LONGEST_LINE)})`);

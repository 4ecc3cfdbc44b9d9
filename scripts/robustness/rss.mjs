// Measures peak memory on the two largest hostile inputs: a 200 MB payload file and a payload
// holding one 100 MB JSON string, each through the built cdx-lint (a finding, exit 1) and through
// @cdx/validate as a service would call it (JSON.parse, then validate). A measurement, not a timed
// test: it prints a table and fails (exit 1) only when a peak passes 3 times the file's size.
//
//   pnpm build && pnpm robustness [--mb-file 200] [--mb-string 100] [--keep]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bigBundle, bigFile, example, hugeString } from './hostile.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(repo, 'packages/cdx-lint/dist/bin.js');
const VALIDATE = pathToFileURL(join(repo, 'packages/validate/dist/index.js')).href;
const MB = 1_000_000;
// Preloaded into each measured process: report the peak resident set size when it exits.
const MAX_RSS = 'data:text/javascript,process.on("exit",()=>process.stderr.write(`\\nmaxRSS=${process.resourceUsage().maxRSS}\\n`))';

const { values } = parseArgs({
  options: { 'mb-file': { type: 'string', default: '200' }, 'mb-string': { type: 'string', default: '100' }, keep: { type: 'boolean', default: false } },
});

/** Runs node with the RSS hook; returns peak RSS in bytes, seconds, exit status and stderr. */
function measure(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['--import', MAX_RSS, ...args], { encoding: 'utf8', maxBuffer: 1024 * MB });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const kb = /maxRSS=(\d+)/.exec(run.stderr)?.[1];
  if (kb === undefined) throw new Error(`no RSS reported (status ${run.status}, signal ${run.signal}):\n${run.stderr.slice(0, 2000)}`);
  return { rss: Number(kb) * 1024, seconds, status: run.status, stdout: run.stdout, stderr: run.stderr.replace(/\n?maxRSS=\d+\n$/, '') };
}

const apiScript = (file) => `
  import { readFileSync } from 'node:fs';
  import { validate } from ${JSON.stringify(VALIDATE)};
  const result = validate(JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8')));
  console.log(JSON.stringify(result.findings.map((f) => [f.ruleId, f.pointer, f.message.length])));
`;

const dir = mkdtempSync(join(tmpdir(), 'cdx-robustness-'));
const cases = [
  { name: `a ${values['mb-file']} MB file`, build: () => bigFile(Number(values['mb-file']) * MB), gated: true },
  { name: `a JSON string of ${values['mb-string']} MB`, build: () => hugeString(Number(values['mb-string']) * MB), gated: true },
  // Not held to 3×: JSON.parse alone makes every small object several times its text (see docs/robustness.md).
  { name: `a ${values['mb-file']} MB FHIR searchset (small objects; not gated)`, build: () => bigBundle(Number(values['mb-file']) * MB), gated: false },
];

let failed = false;
const rows = [];
try {
  const small = join(dir, 'small.json');
  writeFileSync(small, example('patientadmin-patientmerge'));
  const baseline = measure([BIN, '--format', 'json', small]);
  for (const { name, build, gated } of cases) {
    const file = join(dir, 'payload.json');
    writeFileSync(file, build());
    const size = statSync(file).size;
    const cli = measure([BIN, '--format', 'json', file]);
    const messages = JSON.parse(cli.stdout)[0]?.messages ?? [];
    const findings = [...messages.slice(0, 3).map((m) => `${m.ruleId} ${m.line}:${m.column}`), ...(messages.length > 3 ? [`… ${messages.length} in all`] : [])];
    const api = measure(['--input-type=module', '-e', apiScript(file)]);
    for (const [how, run, detail] of [
      ['cdx-lint (exit status, findings)', cli, `exit ${cli.status}; ${findings.join(', ')}`],
      ['JSON.parse + validate()', api, api.stdout.trim().slice(0, 120)],
    ]) {
      const ratio = run.rss / size;
      if ((gated && ratio >= 3) || run.stderr.trim() !== '') failed = true;
      rows.push({ input: name, size, how, rss: run.rss, ratio, seconds: run.seconds, detail: run.stderr.trim() === '' ? detail : run.stderr.trim() });
    }
    rmSync(file);
  }
  rows.push({
    input: 'a 1.6 KB message (baseline)',
    size: statSync(small).size,
    how: 'cdx-lint',
    rss: baseline.rss,
    ratio: NaN,
    seconds: baseline.seconds,
    detail: '',
  });
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}

const mb = (n) => (n < MB ? `${(n / 1000).toFixed(1)} KB` : `${(n / MB).toFixed(0)} MB`);
console.log(`Node ${process.version}, ${process.platform}/${process.arch}\n`);
console.log('| input | size | through | peak RSS | RSS / size | time | result |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.input} | ${mb(r.size)} | ${r.how} | ${mb(r.rss)} | ${Number.isNaN(r.ratio) ? '–' : `${r.ratio.toFixed(2)}×`} | ${r.seconds.toFixed(1)} s | ${r.detail} |`,
  );
}
if (failed) {
  console.error('\nA peak reached 3 times the file size, or a run wrote to stderr.');
  process.exit(1);
}

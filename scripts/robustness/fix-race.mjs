// Measures --fix against an editor saving the same file while it runs: a 40 MB file with a
// misspelling, `cdx-lint --fix` on it, and a second process that saves it atomically (a new file
// renamed over the old, as editors do) every 2 ms from a point late in cdx-lint's run.
// An edit is lost when cdx-lint's file replaces one of the editor's saves (the editor sees another
// inode where its last save was).
// A measurement, not a timed test: it prints the outcome of each trial, and fails (exit 1) if any
// edit was lost.
//
//   pnpm build && node scripts/robustness/fix-race.mjs [--trials 12] [--mb 40] [--from 0.7 --to 1.3]
// (--from, --to: when the first save lands, as fractions of an undisturbed run)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { example } from './hostile.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(repo, 'packages/cdx-lint/dist/bin.js');
const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '12' },
    mb: { type: 'string', default: '40' },
    from: { type: 'string', default: '0.7' },
    to: { type: 'string', default: '1.3' },
  },
});

const merge = example('patientadmin-patientmerge');
const note = `"${'x'.repeat(1000)}"`;
const notes = Array.from({ length: Math.ceil((Number(values.mb) * 1_000_000) / (note.length + 2)) }, () => note).join(',');
const original = merge.replace('"FirstName"', '"FirstNmae"').replace('"Notes": [', `"Notes": [${notes},`);

// The editor: its saves are prepared before cdx-lint starts (so they cost it no time), then
// renamed into place one every 2 ms from `delay` on, as an editor's atomic save lands; told to
// stop, it says how many it made.
const SAVES = 25;
const EDITOR = `
  const { readFileSync, renameSync, statSync } = require('node:fs');
  const [path, delay, count] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
  let n = 0, stop = false, last, overwritten = false, checked = false;
  // Another inode where the last save was: cdx-lint replaced it. An edit is lost unless what it
  // wrote is a fix of that very save (each save carries its number: "Tim<n>").
  const check = () => {
    if (checked || last === undefined || statSync(path).ino === last) return;
    checked = true;
    const text = readFileSync(path, 'utf8');
    const at = text.indexOf('"Tim');
    overwritten = text.slice(at, text.indexOf('"', at + 1) + 1) !== '"Tim' + n + '"';
  };
  process.on('message', () => { stop = true; });
  // After its last save it keeps watching until told to stop: cdx-lint may still write over it
  // (and an editor that had exited would leave the runner's 'stop' on a closed channel).
  const save = () => {
    check();
    if (stop) return process.send({ saves: n, overwritten }, () => process.exit(0));
    if (n < count) {
      n++;
      renameSync(path + '.save-' + n, path);
      last = statSync(path).ino;
    }
    setTimeout(save, 2);
  };
  process.send('ready');
  setTimeout(save, delay);
`;

/** How long `cdx-lint --fix` takes on the file, undisturbed. */
async function runtime() {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-fix-race-'));
  const path = join(dir, 'payload.json');
  writeFileSync(path, original);
  const started = performance.now();
  await new Promise((done) => spawn(process.execPath, [BIN, '--fix', path], { stdio: 'ignore' }).on('exit', done));
  rmSync(dir, { recursive: true, force: true });
  return performance.now() - started;
}

async function trial(i, delay) {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-fix-race-'));
  const path = join(dir, 'payload.json');
  writeFileSync(path, original);
  // Every save keeps the misspelling (the editor's buffer) and changes one value.
  for (let n = 1; n <= SAVES; n++) writeFileSync(`${path}.save-${n}`, original.replace('"Timothy"', `"Tim${n}"`));
  const editor = spawn(process.execPath, ['-e', EDITOR, path, String(delay), String(SAVES)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((done) => editor.once('message', done));
  const lint = spawn(process.execPath, [BIN, '--fix', path], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  lint.stderr.on('data', (d) => (stderr += d));
  const status = await new Promise((done) => lint.on('exit', done));
  const { saves, overwritten } = await new Promise((done) => {
    editor.once('message', done);
    editor.send('stop');
  });
  await new Promise((done) => editor.on('exit', done));
  const final = readFileSync(path, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  // cdx-lint's fix renames FirstNmae; a fix of the original text still has "Timothy". An edit is
  // lost when cdx-lint's file replaced one of the editor's saves.
  const fixedOld = final.includes('"FirstName"') && final.includes('"Timothy"');
  const lost = overwritten;
  const outcome = fixedOld
    ? saves > 0
      ? 'the fix of the old text, over a save'
      : 'fixed (no save)'
    : final.includes('"FirstName"')
      ? 'a save, fixed'
      : 'a save, not fixed';
  return { i, delay: Math.round(delay), status, saves, outcome, refused: stderr.includes('changed on disk'), lost };
}

const full = await runtime();
const results = [];
// The first saves land at points spread over the end of the run, where --fix checks and writes.
const trials = Number(values.trials);
const [from, to] = [Number(values.from), Number(values.to)];
for (let i = 0; i < trials; i++) results.push(await trial(i, full * (from + ((to - from) * i) / Math.max(1, trials - 1))));
console.log(`Node ${process.version}, ${process.platform}/${process.arch}; a ${values.mb} MB file; cdx-lint --fix alone takes ${Math.round(full)} ms\n`);
console.log('| trial | first save after | saves | cdx-lint exit | refused (changed on disk) | on disk at the end | edit lost |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(`| ${r.i + 1} | ${r.delay} ms | ${r.saves} | ${r.status} | ${r.refused ? 'yes' : 'no'} | ${r.outcome} | ${r.lost ? '**yes**' : 'no'} |`);
const lost = results.filter((r) => r.lost).length;
console.log(`\n${lost} of ${results.length} trials lost an edit.`);
if (lost > 0) process.exit(1);

#!/usr/bin/env node
// Release smoke test: pack every package as a registry tarball, check the tarballs (publint,
// are-the-types-wrong), install them with plain npm into a copy of examples/consumer outside the
// workspace, type-check it under node16 and bundler resolution, run it, and run `npx cdx-lint`.
//
// usage: node scripts/smoke/consumer.mjs [--node <path of the node binary for the consumer>]
// Exits non-zero on the first failed step, naming it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({ options: { node: { type: 'string' }, keep: { type: 'boolean' } } });
const node = values.node ?? process.execPath;
const PACKAGES = ['types', 'validate', 'cdx-lint', 'schemas'];
const TYPED = new Set(['types', 'validate', 'cdx-lint']);

const work = mkdtempSync(join(tmpdir(), 'cdx-smoke-'));
const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}`, npm_config_update_notifier: 'false' };

function step(name, command, args, options = {}) {
  process.stdout.write(`• ${name}\n`);
  try {
    return execFileSync(command, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  } catch (error) {
    if (options.allowFailure) return error;
    console.error(`✖ ${name} failed (exit ${error.status}):\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    process.exit(1);
  }
}

function expect(name, condition, detail) {
  if (condition) return;
  console.error(`✖ ${name}\n${detail}`);
  process.exit(1);
}

try {
  console.log(`Smoke test in ${work} with node ${step('node version', node, ['--version']).trim()}`);
  const packs = join(work, 'packs');
  mkdirSync(packs);
  const tarballs = {};
  for (const pkg of PACKAGES) {
    const dir = join(root, 'packages', pkg);
    step(`publint ${pkg}`, process.execPath, [join(root, 'node_modules/publint/src/cli.js'), '--strict', '--pack', 'pnpm', dir]);
    const before = new Set(readdirSync(packs));
    step(`pack ${pkg}`, 'pnpm', ['pack', '--pack-destination', packs], { cwd: dir });
    const tarball = join(packs, readdirSync(packs).find((f) => !before.has(f)));
    tarballs[JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name] = tarball;
    if (TYPED.has(pkg)) {
      step(`are-the-types-wrong ${pkg}`, process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only']);
    }
  }

  const consumer = join(work, 'consumer');
  cpSync(join(root, 'examples/consumer'), consumer, { recursive: true, filter: (src) => !/node_modules|dist$/.test(src) });
  const manifest = JSON.parse(readFileSync(join(consumer, 'package.json'), 'utf8'));
  for (const [name, file] of Object.entries(tarballs)) manifest.dependencies[name] = `file:${file}`;
  writeFileSync(join(consumer, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const npm = join(dirname(process.execPath), 'npm');
  step('npm install the tarballs', npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: consumer });

  const tsc = join(consumer, 'node_modules/typescript/bin/tsc');
  step('type-check and build (moduleResolution node16)', node, [tsc, '-p', 'tsconfig.json'], { cwd: consumer });
  step('type-check (moduleResolution bundler)', node, [tsc, '-p', 'tsconfig.bundler.json'], { cwd: consumer });
  const run = step('run the consumer', node, ['dist/index.js'], { cwd: consumer });
  expect('the consumer printed a valid PatientMerge', run.includes('PatientAdmin/PatientMerge: valid=true'), run);
  expect('the consumer reported the missing member', run.includes('schema /Patient/PreviousIdentifiers'), run);
  expect('the consumer checked typed CDS Hooks documents', run.includes('cds-hooks/order-sign: valid=true') && run.includes('cds-hooks/response: valid=true'), run);

  const lint = step('npx cdx-lint fixtures', npm.replace(/npm$/, 'npx'), ['--no', '--', 'cdx-lint', 'fixtures'], { cwd: consumer });
  expect('cdx-lint named the misspelt member and its fix', /MartialStatus.*MaritalStatus.*spelling-drift/s.test(lint), lint);
  const strict = step('npx cdx-lint --max-warnings 0 fixtures', npm.replace(/npm$/, 'npx'), ['--no', '--', 'cdx-lint', '--max-warnings', '0', 'fixtures'], { cwd: consumer, allowFailure: true });
  expect('cdx-lint exits 1 when warnings exceed --max-warnings', strict.status === 1, `exit ${strict.status}`);

  const catalog = step('@cdx/schemas resolves its catalog', node, ['--input-type=module', '-e', "import { createRequire } from 'node:module'; const r = createRequire(process.cwd() + '/'); const c = r('@cdx/schemas/catalog.json'); r('@cdx/schemas/' + c.schemas[0].file); console.log(c.schemas.length);"], { cwd: consumer });
  expect('@cdx/schemas lists schemas', Number(catalog) > 10, catalog);
  console.log('✔ smoke test passed');
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}

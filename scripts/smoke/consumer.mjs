#!/usr/bin/env node
// Release smoke test: pack every package as a registry tarball, check the tarballs (publint,
// are-the-types-wrong), install them with plain npm into a copy of examples/consumer outside the
// workspace, type-check it under node16 and bundler resolution, run it, run `npx cdx-lint`, and
// type-check and run every TypeScript and JavaScript block of the packages' READMEs there.
// Needs only Node and npm: pnpm (which packs workspace packages with their `workspace:` ranges
// resolved) comes through `npx -y pnpm@<the pinned version>`, as in the README.
//
// usage: node scripts/smoke/consumer.mjs [--node <path of the node binary for the consumer>] [--keep]
// Exits 1 on the first failed step, naming it; the temporary folder goes in every case but --keep.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { npmTool, packWithPinnedPnpm, plainNpmEnv } from './pack.mjs';
import { readmeBlocks, SAMPLES, snippetModule } from './readme-blocks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({ options: { node: { type: 'string' }, keep: { type: 'boolean' } } });
const node = values.node ?? process.execPath;
const PACKAGES = ['types', 'validate', 'cdx-lint', 'schemas', 'language-server', 'mock'];
const TYPED = new Set(['types', 'validate', 'cdx-lint', 'language-server', 'mock']);
const npm = npmTool('npm');
const npx = npmTool('npx');

/** A failed step: reported once, after which the folder is removed and the exit status is 1. */
class StepFailure extends Error {}

const work = mkdtempSync(join(tmpdir(), 'cdx-smoke-'));
console.log(`Smoke test in ${work}`);
const env = { ...plainNpmEnv(), PATH: `${dirname(node)}:${process.env.PATH}` };

function step(name, command, args, options = {}) {
  process.stdout.write(`• ${name}\n`);
  try {
    return execFileSync(command, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  } catch (error) {
    if (options.allowFailure) return error;
    throw new StepFailure(
      `✖ ${name} failed (${error.status === undefined ? error.message : `exit ${error.status}`}):\n${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
  }
}

function expect(name, condition, detail) {
  if (!condition) throw new StepFailure(`✖ ${name}\n${detail}`);
}

function smoke() {
  console.log(`node ${step('node version', node, ['--version']).trim()}`);
  const packs = join(work, 'packs');
  mkdirSync(packs);
  const tarballs = {};
  for (const pkg of PACKAGES) {
    const dir = join(root, 'packages', pkg);
    process.stdout.write(`• pack ${pkg} (pnpm through npx)\n`);
    let tarball;
    try {
      tarball = packWithPinnedPnpm(dir, packs, { npx, env });
    } catch (error) {
      throw new StepFailure(`✖ pack ${pkg} failed: ${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
    tarballs[JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name] = tarball;
    step(`publint ${pkg}`, process.execPath, [join(root, 'node_modules/publint/src/cli.js'), 'run', '--strict', tarball]);
    if (TYPED.has(pkg)) {
      step(`are-the-types-wrong ${pkg}`, process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only']);
    }
  }

  const consumer = join(work, 'consumer');
  cpSync(join(root, 'examples/consumer'), consumer, { recursive: true, filter: (src) => !/node_modules|dist$/.test(src) });
  const manifest = JSON.parse(readFileSync(join(consumer, 'package.json'), 'utf8'));
  for (const [name, file] of Object.entries(tarballs)) manifest.dependencies[name] = `file:${file}`;
  writeFileSync(join(consumer, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  step('npm install the tarballs', npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: consumer });

  const tsc = join(consumer, 'node_modules/typescript/bin/tsc');
  step('type-check and build (moduleResolution node16)', node, [tsc, '-p', 'tsconfig.json'], { cwd: consumer });
  step('type-check (moduleResolution bundler)', node, [tsc, '-p', 'tsconfig.bundler.json'], { cwd: consumer });
  const run = step('run the consumer', node, ['dist/index.js'], { cwd: consumer });
  expect('the consumer printed a valid PatientMerge', run.includes('PatientAdmin/PatientMerge: valid=true'), run);
  expect('the consumer reported the missing member', run.includes('schema /Patient/PreviousIdentifiers'), run);
  expect(
    'the consumer checked typed CDS Hooks documents',
    run.includes('cds-hooks/order-sign: valid=true') && run.includes('cds-hooks/response: valid=true'),
    run,
  );

  readmeSnippets(consumer, tsc);

  const lint = step('npx cdx-lint fixtures', npx, ['--no', '--', 'cdx-lint', 'fixtures'], { cwd: consumer });
  expect('cdx-lint named the misspelt member and its fix', /MartialStatus.*MaritalStatus.*spelling-drift/s.test(lint), lint);
  const docLink = /file:\/\/\S+\/spelling-drift\.md/.exec(lint)?.[0];
  expect(
    "cdx-lint links the rule's page installed with @cdx/validate",
    docLink !== undefined && docLink.includes('/node_modules/@cdx/validate/') && existsSync(fileURLToPath(docLink)),
    lint,
  );
  const strict = step('npx cdx-lint --max-warnings 0 fixtures', npx, ['--no', '--', 'cdx-lint', '--max-warnings', '0', 'fixtures'], {
    cwd: consumer,
    allowFailure: true,
  });
  expect('cdx-lint exits 1 when warnings exceed --max-warnings', strict.status === 1, `exit ${strict.status}`);
  process.stdout.write('• npx cdx-lint package.json (ignored by default)\n');
  const ignored = spawnSync(npx, ['--no', '--', 'cdx-lint', 'package.json'], { cwd: consumer, env, encoding: 'utf8' });
  expect(
    'cdx-lint reports a named file it ignores with an ignored-file warning, and exits 0',
    ignored.status === 0 && ignored.stdout.includes('File ignored by default ("package.json": never a payload)'),
    `exit ${ignored.status}\n${ignored.stdout}${ignored.stderr}`,
  );

  const catalog = step(
    '@cdx/schemas resolves its catalog',
    node,
    [
      '--input-type=module',
      '-e',
      "import { createRequire } from 'node:module'; const r = createRequire(process.cwd() + '/'); const c = r('@cdx/schemas/catalog.json'); r('@cdx/schemas/' + c.schemas[0].file); console.log(c.schemas.length);",
    ],
    { cwd: consumer },
  );
  expect('@cdx/schemas lists schemas', Number(catalog) > 10, catalog);
  const plugin = step(
    '@cdx/schemas/ajv loads with import and require',
    node,
    [
      '--input-type=module',
      '-e',
      "import plugin from '@cdx/schemas/ajv'; import { createRequire } from 'node:module'; const r = createRequire(process.cwd() + '/'); console.log(typeof plugin, r('@cdx/schemas/ajv') === plugin);",
    ],
    { cwd: consumer },
  );
  expect('@cdx/schemas/ajv is one function for both', plugin.trim() === 'function true', plugin);

  const lsp = step('cdx-language-server --version', npx, ['--no', '--', 'cdx-language-server', '--version'], { cwd: consumer });
  expect('the language server runs from the tarball', /^\d+\.\d+\.\d+/.test(lsp.trim()), lsp);

  const mock = step(
    '@cdx/mock starts, serves /openapi.json and wants a token',
    node,
    [
      '--input-type=module',
      '-e',
      "import { startMock } from '@cdx/mock'; const m = await startMock(); const doc = await fetch(m.url + '/openapi.json'); const merge = await fetch(m.url + '/endpoint', { method: 'POST' }); console.log(m.url, doc.status, (await doc.json()).openapi, merge.status); await m.close();",
    ],
    { cwd: consumer },
  );
  expect('@cdx/mock answered from the tarball', /^http:\/\/127\.0\.0\.1:\d+ 200 3\.1\.0 401$/.test(mock.trim()), mock);
  const usage = step('cdx-mock --help', npx, ['--no', '--', 'cdx-mock', '--help'], { cwd: consumer });
  expect('the cdx-mock bin runs from the tarball', usage.includes('cdx-mock deliver'), usage);
}

/**
 * The READMEs' code blocks in the consumer: each a module of its own (free variables bound to valid
 * examples), type-checked under node16 resolution against the installed tarballs, then run.
 */
function readmeSnippets(consumer, tsc) {
  const dir = join(consumer, 'readme');
  mkdirSync(dir);
  for (const file of new Set(Object.values(SAMPLES))) cpSync(join(root, 'schemas/examples/valid', file), join(dir, file));
  const blocks = readmeBlocks(root, PACKAGES);
  // A ts block is type-checked and compiled beside itself; a js block runs as written.
  for (const block of blocks) writeFileSync(join(dir, `${block.name}.${block.lang === 'ts' ? 'ts' : 'mjs'}`), snippetModule(block.code, block.lang));
  const compilerOptions = { target: 'ES2022', module: 'node16', moduleResolution: 'node16', strict: true, types: ['node'], skipLibCheck: true };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  const typed = blocks.filter((b) => b.lang === 'ts').length;
  step(`type-check the READMEs' ${typed} TypeScript blocks`, node, [tsc, '-p', 'tsconfig.json'], { cwd: dir });
  for (const block of blocks) step(`run README block ${block.name}`, node, [`${block.name}.${block.lang === 'ts' ? 'js' : 'mjs'}`], { cwd: dir });
}

let status = 0;
try {
  smoke();
  console.log('✔ smoke test passed');
} catch (error) {
  if (!(error instanceof StepFailure)) throw error;
  console.error(error.message);
  status = 1;
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exitCode = status;

// TypeScript fixtures through the built bin (run `pnpm build` first): the compiler is loaded only
// when such a file is linted, directories pick them only when asked, and every output format
// carries their findings.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RULE_DOCS_URL } from '@cdx/validate';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from './support/bin.js';

/**
 * A preload that records, as the process exits, every loaded module of the typescript package.
 * The reader loads it with require (createRequire), so it is in the CommonJS cache if at all.
 */
function probe(): { env: Record<string, string>; loaded: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-probe-'));
  const out = join(dir, 'loaded.json');
  const script = join(dir, 'probe.cjs');
  writeFileSync(
    script,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache).filter((p) => /[\\\\/]node_modules[\\\\/]typescript[\\\\/]/.test(p)))));\n`,
  );
  return { env: { NODE_OPTIONS: `--require ${script}` }, loaded: () => JSON.parse(readFileSync(out, 'utf8')) as string[] };
}

describe('loading TypeScript', () => {
  it('a JSON-only run does not load typescript', () => {
    const { env, loaded } = probe();
    // Findings, a duplicate key and a parse error: every JSON path, locations included.
    const run = runBin(['e2e/rules', 'e2e/valid'], { env });
    expect(run.status, run.stderr).toBe(1);
    expect(loaded()).toEqual([]);
  });

  it('a run with a TypeScript file does (the probe sees it)', () => {
    const { env, loaded } = probe();
    const run = runBin(['e2e/valid', 'ts/satisfies.ts'], { env });
    expect(run.status, run.stderr).toBe(1);
    expect(loaded().some((p) => p.endsWith('typescript.js'))).toBe(true);
  });
});

describe('picking TypeScript files', () => {
  it('a directory gives only .json files by default', () => {
    const run = runBin(['ts']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('looked for .json files; see --ext');
  });

  it('--ext picks them', () => {
    const run = runBin(['--ext', '.ts,.js,.cjs', '-f', 'json', 'ts']);
    const files = (JSON.parse(run.stdout) as { filePath: string }[]).map((r) => r.filePath.slice(FIXTURES.length + 1));
    expect(files).toEqual(
      [
        'ts/annotation.ts',
        'ts/as-const.ts',
        'ts/as.ts',
        'ts/bundle.ts',
        'ts/common.cjs',
        'ts/computed.ts',
        'ts/identifiers.ts',
        'ts/jsdoc.js',
        'ts/no-payloads.ts',
        'ts/parse-error.ts',
        'ts/several.ts',
        'ts/spread.ts',
        'ts/satisfies.ts',
        'ts/template.ts',
      ].sort(),
    );
  });

  it("so does the config's extensions", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdx-lint-ts-config-'));
    writeFileSync(join(dir, 'cdx-lint.config.json'), JSON.stringify({ extensions: ['.ts'] }));
    writeFileSync(join(dir, 'merge.ts'), readFileSync(join(FIXTURES, 'ts/satisfies.ts')));
    const run = runBin(['-f', 'json', '.'], { cwd: dir });
    expect(run.status, run.stderr).toBe(1);
    expect((JSON.parse(run.stdout) as { messages: unknown[] }[])[0]!.messages).toHaveLength(4);
  });
});

describe('output formats', () => {
  it('json: ESLint results, each message with its payload and place in the TypeScript file', () => {
    const [result] = JSON.parse(runBin(['-f', 'json', 'ts/several.ts']).stdout) as { kind: unknown; messages: Record<string, unknown>[] }[];
    expect(result!.kind).toBeNull();
    expect(result!.messages[0]).toEqual({
      ruleId: 'schema',
      messageId: 'format',
      severity: 2,
      message: expect.stringMatching(/^merge: `Meta\.EventDateTime`/),
      line: 7,
      column: 65,
      endLine: 7,
      endColumn: 91,
      pointer: '/Meta/EventDateTime',
      payload: 'merge',
      docsUrl: `${RULE_DOCS_URL}schema.md`,
    });
    expect(result!.messages[1]).toMatchObject({
      ruleId: 'spelling-drift',
      payload: 'merge',
      fix: { range: [expect.any(Number), expect.any(Number)], text: 'FirstName' },
    });
  });

  it('sarif: valid, and the same pointer in two payloads has two fingerprints', () => {
    const sarifSchema = JSON.parse(readFileSync(fileURLToPath(new URL('./fixtures/sarif/sarif-2.1.0-rtm.5.json', import.meta.url)), 'utf8'));
    delete sarifSchema.$schema;
    delete sarifSchema.id;
    const ajv = new Ajv.default({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats.default(ajv);
    const validate = ajv.compile(sarifSchema);
    const log = JSON.parse(runBin(['-f', 'sarif', 'ts/bundle.ts', 'ts/several.ts']).stdout);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const statuses = log.runs[0].results.filter(
      (r: { ruleId: string; locations: { logicalLocations: { fullyQualifiedName: string }[] }[] }) =>
        r.ruleId === 'schema' && r.locations[0]!.logicalLocations[0]!.fullyQualifiedName === '/entry/1/resource/status',
    );
    expect(
      statuses.map((r: { locations: { physicalLocation: { region: { startLine: number } } }[] }) => r.locations[0]!.physicalLocation.region.startLine),
    ).toEqual([21, 54]);
    expect(new Set(statuses.map((r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['cdxLint/pointer/v1'])).size).toBe(2);
  });

  it('github: annotations on the TypeScript file', () => {
    const [first] = runBin(['-f', 'github', 'ts/satisfies.ts']).stdout.split('\n');
    expect(first).toMatch(/^::error file=.*ts\/satisfies\.ts,line=9,col=5,endLine=9,endColumn=31,title=schema::merge: `Meta\.EventDateTime` must be/);
  });

  it('stylish: one file, the payloads named in the messages', () => {
    const { stdout } = runBin(['ts/several.ts']);
    expect(stdout).toContain('  19:75   error    cases[1].payload: `Meta.EventType` "PatientMerj" is not an event of PatientAdmin.');
    expect(stdout).toContain('✖ 8 problems (6 errors, 2 warnings) in 1 file checked.');
  });
});

describe('without typescript installed (an optional peer dependency)', () => {
  /** cdx-lint as npm installs it in a project that has no typescript: its own dependencies only. */
  function installWithoutTypescript(): string {
    const project = mkdtempSync(join(tmpdir(), 'cdx-lint-no-ts-'));
    const modules = join(project, 'node_modules');
    const dist = join(FIXTURES, '../../dist');
    cpSync(dist, join(modules, 'cdx-lint/dist'), { recursive: true });
    cpSync(join(dist, '../package.json'), join(modules, 'cdx-lint/package.json'));
    const own = createRequire(join(dist, 'bin.js'));
    for (const name of ['@cdx/validate', 'tinyglobby']) {
      const manifest = own.resolve(`${name}/package.json`);
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(dirname(manifest), join(modules, name));
    }
    cpSync(join(FIXTURES, 'ts/satisfies.ts'), join(project, 'merge.ts'));
    cpSync(join(FIXTURES, 'e2e/valid/patient-merge.json'), join(project, 'merge.json'));
    return project;
  }

  it('declares typescript as an optional peer, not a dependency', () => {
    const manifest = JSON.parse(readFileSync(join(FIXTURES, '../../package.json'), 'utf8'));
    expect(manifest.dependencies.typescript).toBeUndefined();
    expect(manifest.peerDependencies.typescript).toBeDefined();
    expect(manifest.peerDependenciesMeta.typescript).toEqual({ optional: true });
  });

  it('lints JSON, and stops with a clear message (exit 2) when a .ts fixture needs it', () => {
    const project = installWithoutTypescript();
    const bin = join(project, 'node_modules/cdx-lint/dist/bin.js');
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const json = run(['merge.json']);
    expect([json.status, json.stdout]).toEqual([0, expect.stringContaining('no problems')]);
    const ts = run(['merge.json', 'merge.ts']);
    expect(ts.status).toBe(2);
    expect(ts.stdout).toBe('');
    expect(ts.stderr).toContain('merge.ts');
    expect(ts.stderr).toContain('npm install --save-dev typescript');
    expect(ts.stderr).not.toContain('internal error');
  });
});

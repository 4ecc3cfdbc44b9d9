import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The integration suite: what needs the build (`dist`, the bin, the .vsix), starts child processes
 * (the CLI, the language server, a browser, the generator) or walks a whole corpus. Everything else
 * is the unit suite, which runs on the sources alone: `pnpm test:unit` while you work.
 */
export const INTEGRATION = [
  'packages/cdx-lint/test/assertion.test.ts',
  'packages/cdx-lint/test/cli-conventions.test.ts',
  'packages/cdx-lint/test/cli-eslint-flags.test.ts',
  'packages/cdx-lint/test/cli.test.ts',
  'packages/cdx-lint/test/duplicates-r4.test.ts',
  'packages/cdx-lint/test/e2e.test.ts',
  'packages/cdx-lint/test/findings-cap-bin.test.ts',
  'packages/cdx-lint/test/fix-bin.test.ts',
  'packages/cdx-lint/test/fix-safety.test.ts',
  'packages/cdx-lint/test/fraction-literals.test.ts',
  'packages/cdx-lint/test/r4-corpus.test.ts',
  'packages/cdx-lint/test/robust-fix.test.ts',
  'packages/cdx-lint/test/robust-hostile.test.ts',
  'packages/cdx-lint/test/robust-io.test.ts',
  'packages/cdx-lint/test/rule-docs.test.ts',
  'packages/cdx-lint/test/startup.test.ts',
  'packages/cdx-lint/test/tiering.test.ts',
  'packages/cdx-lint/test/tool-files.test.ts',
  'packages/cdx-lint/test/ts-fix.test.ts',
  'packages/cdx-lint/test/ts-load.test.ts',
  'packages/language-server/test/**/*.test.ts',
  'packages/mock/test/**/*.test.ts',
  'packages/playground/test/**/*.test.ts',
  'packages/schemas/test/**/*.test.ts',
  'packages/validate/test/fhir/corpus.test.ts',
  'packages/validate/test/fhirpath-lazy.test.ts',
  'packages/validate/test/fhir/invariants-one-walk.test.ts',
  'packages/validate/test/fhir/mutation.test.ts',
  'packages/validate/test/fhir/native-corpus.test.ts',
  'packages/validate/test/fhir/required-bindings.test.ts',
  'packages/validate/test/fhir/strict-twin-corpus.test.ts',
  'packages/validate/test/fhir/table-differential.test.ts',
  'packages/validate/test/fhir/types.test.ts',
  'packages/validate/test/generated-drift.test.ts',
  'packages/validate/test/robust-regex.test.ts',
  'packages/validate/test/strict-twin-proto.test.ts',
  'packages/vscode/test/**/*.test.ts',
  'scripts/test/local-names.test.ts',
  'scripts/test/packages/**/*.test.ts',
  'scripts/test/release-notes.test.ts',
  'scripts/test/smoke.test.ts',
];

const shared = {
  // In the test process, the workspace's packages resolve to their sources (the unit suite needs no
  // build); the built packages are tested through their files (dist/…), the bin and the servers.
  alias: [
    { find: /^@cdx\/validate$/, replacement: at('./packages/validate/src/index.ts') },
    { find: /^@cdx\/validate\/auth$/, replacement: at('./packages/validate/src/auth/index.ts') },
    { find: /^@cdx\/validate\/browser$/, replacement: at('./packages/validate/src/browser.ts') },
    { find: /^cdx-lint$/, replacement: at('./packages/cdx-lint/src/index.ts') },
    { find: /^cdx-lint\/text$/, replacement: at('./packages/cdx-lint/src/text.ts') },
  ],
  // CommonJS modules (the generated validators and the state they share with the ES modules that
  // import them) load natively, as in Node: one instance whether imported or required.
  server: { deps: { external: [/\.cjs$/] } },
  // No test races the clock: this only ends a run that hangs, with a margin no machine's load eats.
  testTimeout: 600_000,
  hookTimeout: 600_000,
  // expect.poll gives up after 1 s by default: a browser check in a worker on a loaded machine takes
  // longer. A poll still ends as soon as it holds; this is only how long it may wait.
  expect: { poll: { timeout: 120_000 } },
};

/**
 * Unit test files that need a module registry of their own: they replace modules (vi.mock), count the
 * modules a lazy entry loads, or need the stack depth of a fresh worker. The rest share one per
 * worker, which keeps the unit suite's CPU time to a third (each file imported the packages anew).
 */
const ISOLATED = ['packages/cdx-lint/test/fix-race.test.ts', 'packages/cdx-lint/test/nesting-depth.test.ts', 'packages/validate/test/browser.test.ts'];

const UNIT_FILES = ['packages/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts'];

const unit: TestProjectInlineConfiguration = {
  test: { name: 'unit', include: UNIT_FILES, exclude: ['**/node_modules/**', ...INTEGRATION, ...ISOLATED], isolate: false, ...shared },
};

const unitIsolated: TestProjectInlineConfiguration = {
  test: { name: 'unit-isolated', include: ISOLATED, ...shared },
};

const integration: TestProjectInlineConfiguration = {
  test: { name: 'integration', include: INTEGRATION, ...shared },
};

/**
 * Test files at once. Vitest's default leaves one core to its own process (cores - 1): on a 2-core
 * machine one file ran at a time while the other core idled (six of the heavy integration files,
 * back to back on one machine: 187 s with one worker, 113 s with two). The integration files spend
 * much of their time waiting on child processes, so two workers do not starve the main process there
 * either.
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({ test: { maxWorkers, projects: [unit, unitIsolated, integration] } });

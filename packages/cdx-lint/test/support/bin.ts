// Runs the built bin the way a user's shell would, and makes its output machine-independent.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(here, '../dist/bin.js');
export const FIXTURES = join(here, 'fixtures');
export const REPO = join(here, '../../..');
/** How long a run may take before it counts as hung: a hang guard, never a budget (`pnpm robustness` measures time). */
export const HANG_GUARD_MS = 300_000;

/**
 * Runs the bin the way a user's shell would, without colour. `nodeArgs` go to node before the
 * bin; `timeout` (ms) kills a run that hangs (status null, signal set).
 */
export function runBin(
  args: readonly string[],
  options: { cwd?: string; input?: string; env?: Record<string, string>; nodeArgs?: readonly string[]; timeout?: number } = {},
) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` before the tests.`);
  const result = spawnSync(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], {
    cwd: options.cwd ?? FIXTURES,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env },
    maxBuffer: 1024 * 1024 * 1024,
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/** Machine-specific parts of the output, replaced so the expected files hold on any checkout. */
export function normalize(text: string): string {
  const version = (JSON.parse(readFileSync(join(here, '../package.json'), 'utf8')) as { version: string }).version;
  return text.split(FIXTURES).join('<fixtures>').split(REPO).join('<repo>').replaceAll(`"version": "${version}"`, '"version": "<version>"');
}

// Packs a workspace package as the registry would get it, with only Node and npm on the machine:
// pnpm (which resolves `workspace:` ranges and `catalog:` versions while packing) runs through
// `npx -y pnpm@<packageManager's version>`, the way the README runs it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * npm's own tools (`npm`, `npx`): beside the running node when they are there (a Node install),
 * else the first on the PATH (a node from the registry's `node` package comes without them).
 */
export function npmTool(name) {
  const beside = join(dirname(process.execPath), name);
  if (existsSync(beside)) return beside;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return name;
}

/** The pnpm version the repository pins (`packageManager` in package.json). */
export function pinnedPnpm() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
}

/**
 * The environment without the npm_config_* variables a package manager running this script passes
 * down (pnpm's own settings make npm warn), and without npm's update notice.
 */
export function plainNpmEnv(base = process.env) {
  const env = Object.fromEntries(Object.entries(base).filter(([name]) => !/^npm_config_/i.test(name)));
  return { ...env, npm_config_update_notifier: 'false' };
}

/**
 * Packs the package in `dir` into `destination` and returns the tarball's path.
 * @param {{ npx?: string, env?: NodeJS.ProcessEnv }} [options] the npx to run (default: beside this node), its environment
 */
export function packWithPinnedPnpm(dir, destination, { npx = npmTool('npx'), env = plainNpmEnv() } = {}) {
  const before = new Set(readdirSync(destination));
  execFileSync(npx, ['-y', `pnpm@${pinnedPnpm()}`, 'pack', '--pack-destination', destination], {
    cwd: dir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const made = readdirSync(destination).filter((f) => !before.has(f) && f.endsWith('.tgz'));
  if (made.length !== 1) throw new Error(`expected one new tarball in ${destination}, found ${made.length}`);
  return join(destination, made[0]);
}

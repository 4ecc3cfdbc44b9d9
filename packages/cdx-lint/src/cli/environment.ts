import { existsSync } from 'node:fs';
import { dirname, join, relative, isAbsolute } from 'node:path';

/**
 * Colour for a stream: `--color`/`--no-color` first, then NO_COLOR (any non-empty value turns it
 * off, per no-color.org), then FORCE_COLOR, then whether the stream is a terminal.
 */
export function useColor(flag: boolean | undefined, env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/**
 * The base of repository-relative paths (SARIF, GitHub annotations): GITHUB_WORKSPACE when `cwd`
 * is inside it (GitHub Actions sets it, and a checkout without .git has no other sign), else the
 * nearest directory from `cwd` up that holds `.git`, else `cwd`.
 */
export function findRepoRoot(cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const workspace = env.GITHUB_WORKSPACE;
  if (workspace && isAbsolute(workspace)) {
    const rel = relative(workspace, cwd);
    if (!rel.startsWith('..') && !isAbsolute(rel)) return workspace;
  }
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

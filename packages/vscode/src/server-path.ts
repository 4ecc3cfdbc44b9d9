// Where the language server is: a path the user set, else the @cdx/language-server installed in
// one of the workspace folders (as the rules, schemas and config that CI uses come with it).
// No `vscode` import here, so the choice is tested without an editor.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export const SERVER_PACKAGE = '@cdx/language-server';

/**
 * The server's entry (its `cdx-language-server` bin) in the nearest `node_modules` from `folder`
 * upward, as Node resolves a dependency of the folder's package (but never from NODE_PATH or other
 * global folders: the server must be the project's).
 */
export function installedServer(folder: string): string | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    const manifestPath = join(dir, 'node_modules', SERVER_PACKAGE, 'package.json');
    if (existsSync(manifestPath)) {
      try {
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
        const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['cdx-language-server'];
        return bin === undefined ? undefined : realpathSync(join(dirname(manifestPath), bin));
      } catch {
        return undefined;
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The configured path (relative paths from the first workspace folder) or the first installed server found. */
export function findServer(
  configured: string | undefined,
  folders: readonly string[],
): { path: string } | { missing: string; /** Nothing the user set is wrong: say it in the output channel, not in a pop-up. */ quiet: boolean } {
  if (configured) {
    const path = isAbsolute(configured) || folders.length === 0 ? configured : resolve(folders[0]!, configured);
    return existsSync(path) ? { path } : { missing: `cdx.server.path names ${path}, which does not exist.`, quiet: false };
  }
  for (const folder of folders) {
    const path = installedServer(folder);
    if (path !== undefined) return { path };
  }
  return {
    missing: `The cdx language server is not installed in this workspace: run npm install --save-dev ${SERVER_PACKAGE} (or set cdx.server.path).`,
    quiet: true,
  };
}

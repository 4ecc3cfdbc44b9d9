// Where the language server is: a path the user set, else the @cdx/language-server installed in
// one of the workspace folders (as the rules, schemas and config that CI uses come with it), and only
// in a workspace the user trusts. No `vscode` import here, so the choice is tested without an editor.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export const SERVER_PACKAGE = '@cdx/language-server';

/**
 * The server's entry (its `cdx-language-server` bin) in the `node_modules` of `folder` itself. Never
 * from a parent folder (opening `/tmp/x/project` must not run code planted in `/tmp/x/node_modules`),
 * NODE_PATH or other global folders: the server must be the project's.
 */
export function installedServer(folder: string): string | undefined {
  const manifestPath = join(folder, 'node_modules', SERVER_PACKAGE, 'package.json');
  if (!existsSync(manifestPath)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
    const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['cdx-language-server'];
    return bin === undefined ? undefined : realpathSync(join(dirname(manifestPath), bin));
  } catch {
    return undefined;
  }
}

/**
 * The configured path (the user's own setting; relative paths from the first workspace folder), or
 * the first server installed in a workspace folder when the workspace is trusted: in restricted mode
 * no code of the workspace runs.
 */
export function findServer(
  configured: string | undefined,
  folders: readonly string[],
  options: { trusted: boolean },
): { path: string } | { missing: string; /** Nothing the user set is wrong: say it in the output channel, not in a pop-up. */ quiet: boolean } {
  if (configured) {
    // A relative path names a file of the workspace: not in restricted mode.
    if (!isAbsolute(configured) && !options.trusted)
      return { missing: `cdx.server.path is relative (${configured}): in restricted mode it must be absolute.`, quiet: false };
    const path = isAbsolute(configured) || folders.length === 0 ? configured : resolve(folders[0]!, configured);
    return existsSync(path) ? { path } : { missing: `cdx.server.path names ${path}, which does not exist.`, quiet: false };
  }
  if (!options.trusted) {
    return {
      missing: `cdx does not run the language server installed in a workspace in restricted mode: trust the workspace (or set cdx.server.path in your user settings).`,
      // VS Code shows restricted mode itself: no pop-up of ours on top.
      quiet: true,
    };
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

import { dirname, sep } from 'node:path';
import { ConfigError, createLinter, type Linter } from 'cdx-lint';

/** The linter for a file, or why there is none (a config that cdx-lint rejects). */
export type LinterFor = { linter: Linter } | { error: string };

/** How many linters of directories outside every workspace folder are kept (the most recently used). */
export const OUTSIDE_LINTERS = 32;

/**
 * One cdx-lint linter per working directory, as the CLI would run in it: the workspace folder
 * that holds the file (where a pre-commit hook or CI runs cdx-lint), or the file's own folder
 * outside every workspace folder. Each loads its config once; `reload()` drops them all when a
 * config file changes. Those of folders outside the workspace are kept for the
 * `OUTSIDE_LINTERS` most recently used only: a session that opens files from thousands of
 * folders would otherwise keep a config for each.
 */
export class Workspace {
  #folders: string[] = [];
  readonly #linters = new Map<string, LinterFor>();
  /** The directories outside the workspace with a linter, least recently used first. */
  readonly #outside = new Set<string>();

  setFolders(folders: readonly string[]): void {
    // Deepest first: a nested workspace folder wins over its parent.
    this.#folders = [...folders].sort((a, b) => b.length - a.length);
    this.reload();
  }

  reload(): void {
    this.#linters.clear();
    this.#outside.clear();
  }

  /** How many linters are kept. */
  get size(): number {
    return this.#linters.size;
  }

  #folderOf(file: string): string | undefined {
    return this.#folders.find((f) => file === f || file.startsWith(f.endsWith(sep) ? f : f + sep));
  }

  /** The working directory cdx-lint runs in for this file. */
  cwdOf(file: string): string {
    return this.#folderOf(file) ?? dirname(file);
  }

  linterFor(file: string): LinterFor {
    const folder = this.#folderOf(file);
    const cwd = folder ?? dirname(file);
    if (folder === undefined) {
      this.#outside.delete(cwd);
      this.#outside.add(cwd);
      for (const oldest of this.#outside) {
        if (this.#outside.size <= OUTSIDE_LINTERS) break;
        this.#outside.delete(oldest);
        this.#linters.delete(oldest);
      }
    }
    let found = this.#linters.get(cwd);
    if (!found) {
      try {
        found = { linter: createLinter({ cwd }) };
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        found = { error: error.message };
      }
      this.#linters.set(cwd, found);
    }
    return found;
  }
}

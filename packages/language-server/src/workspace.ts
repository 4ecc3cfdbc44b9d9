import { dirname, sep } from 'node:path';
import { ConfigError, createLinter, type Linter } from 'cdx-lint';

/** The linter for a file, or why there is none (a config that cdx-lint rejects). */
export type LinterFor = { linter: Linter } | { error: string };

/**
 * One cdx-lint linter per working directory, as the CLI would run in it: the workspace folder
 * that holds the file (where a pre-commit hook or CI runs cdx-lint), or the file's own folder
 * outside every workspace folder. Each loads its config once; `reload()` drops them all when a
 * config file changes.
 */
export class Workspace {
  #folders: string[] = [];
  readonly #linters = new Map<string, LinterFor>();

  setFolders(folders: readonly string[]): void {
    // Deepest first: a nested workspace folder wins over its parent.
    this.#folders = [...folders].sort((a, b) => b.length - a.length);
    this.reload();
  }

  reload(): void {
    this.#linters.clear();
  }

  /** The working directory cdx-lint runs in for this file. */
  cwdOf(file: string): string {
    return this.#folders.find((f) => file === f || file.startsWith(f.endsWith(sep) ? f : f + sep)) ?? dirname(file);
  }

  linterFor(file: string): LinterFor {
    const cwd = this.cwdOf(file);
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

import type { Diagnostic } from 'vscode-languageserver';
import type { Span } from '../span.js';

/** What the request loop asks of the lint thread. */
export type ToLinter =
  | { type: 'folders'; folders: string[] }
  | { type: 'reload' }
  /** Lint `text` as `path`; then, unless job `id` was cancelled meanwhile, compute "fix all". */
  | { type: 'lint'; id: number; uri: string; version: number; path: string; text: string };

/** What the lint thread answers. */
export type FromLinter =
  /** The job's diagnostics (none for a file that is ignored or no payload); `fixable`: a "fix all" follows. */
  | { type: 'linted'; id: number; diagnostics: Diagnostic[]; fixable: boolean; ms: number }
  /** The job's "fix all" as the one span it replaces (undefined: nothing to rename, or the job was cancelled first). */
  | { type: 'fixed'; id: number; span: Span | undefined }
  | { type: 'failed'; id: number; message: string }
  | { type: 'warning'; message: string };

/** Index 0 of the shared cancellation array: the highest job id whose remaining work is not wanted. */
export const CANCELLED = 0;

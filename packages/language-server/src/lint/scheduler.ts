import { Worker } from 'node:worker_threads';
import type { Diagnostic } from 'vscode-languageserver';
import type { Span } from '../span.js';
import { CANCELLED, type FromLinter, type ToLinter } from './protocol.js';

/** A document as the scheduler sees it: its latest version, or undefined once closed. */
export interface Source {
  current(uri: string): { version: number; path: string; text: string } | undefined;
}

/** What a finished lint gives the request loop. */
export interface Linted {
  uri: string;
  version: number;
  diagnostics: Diagnostic[];
  /** "Fix all" for this version, as the span it replaces: pending while the lint thread computes it, undefined when nothing to rename. */
  fixAll: Promise<Span | undefined> | undefined;
  /** Set once "fix all" is known (at once when nothing is fixable). */
  settled?: { span: Span | undefined };
}

/**
 * The span of a lint's "fix all" for a code-action request: awaited when `wait` (the request names
 * that kind, as an editor's fix-all on save does), else only if already computed: a request made on
 * a cursor move answers at once, its "fix all" offered from the next request on.
 */
export async function fixAllSpan(result: Linted, wait: boolean): Promise<Span | undefined> {
  if (result.settled) return result.settled.span;
  return wait ? result.fixAll : undefined;
}

export interface SchedulerEvents {
  /** A lint of the document's latest version ended. */
  linted(result: Linted): void;
  trace(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

interface Job {
  id: number;
  uri: string;
  version: number;
  started: number;
  /** The first job of its thread. */
  first: boolean;
  linted?: boolean;
  resolveFix?: (span: Span | undefined) => void;
  abandonTimer?: NodeJS.Timeout;
}

/**
 * A running lint whose version was superseded, and which has run this long, is abandoned (its thread
 * stopped and a fresh one started): the latest version waits for a new thread's start-up rather than
 * for the rest of an outdated lint of a large document. A thread's first lint is never abandoned:
 * most of its time is the start-up (loading, compiling validators) that a new thread pays again.
 */
export const ABANDON_AFTER_MS = 2000;

/**
 * A change to a settled document (its last lint published, none waiting) is linted at once. Changes
 * that arrive while it is linted or waits are merged: the document is linted once it has been quiet
 * this long (a fast typist's next key comes sooner), or at the latest `LINT_WITHIN_MS` after the
 * first of them.
 */
export const QUIET_MS = 100;
export const LINT_WITHIN_MS = 1000;

/**
 * Lints documents on a worker thread, one at a time, always at their latest version: changes that
 * arrive during a lint only mark the document, and the next lint takes its latest text, so a
 * thousand quick edits cost a few lints. A lint whose version is no longer the latest is not
 * published, its "fix all" is skipped, and a long one is abandoned.
 */
export class LintScheduler {
  /** Documents to lint: since when each waits, when it last changed, and whether it goes at once. */
  readonly #wanted = new Map<string, { since: number; changed: number; now: boolean }>();
  #timer: NodeJS.Timeout | undefined;
  readonly #cancelled = new Int32Array(new SharedArrayBuffer(4));
  #worker: Worker | undefined;
  #folders: string[] = [];
  #running: Job | undefined;
  #nextId = 1;
  #stopped = false;

  constructor(
    private readonly source: Source,
    private readonly events: SchedulerEvents,
    private readonly threadUrl = new URL('./thread.js', import.meta.url),
  ) {}

  setFolders(folders: string[]): void {
    this.#folders = folders;
    this.#worker?.postMessage({ type: 'folders', folders } satisfies ToLinter);
  }

  /** Config files changed: every linter reloads its config. */
  reload(): void {
    this.#worker?.postMessage({ type: 'reload' } satisfies ToLinter);
  }

  /** The document changed (or must be linted again): lint its latest version when the thread is free. */
  request(uri: string): void {
    const now = performance.now();
    const waiting = this.#wanted.get(uri);
    const job = this.#running;
    this.#wanted.delete(uri);
    this.#wanted.set(uri, { since: waiting?.since ?? now, changed: now, now: !waiting && job?.uri !== uri });
    if (job?.uri === uri) this.#supersede(job);
    this.#pump();
  }

  forget(uri: string): void {
    this.#wanted.delete(uri);
    if (this.#running?.uri === uri) this.#supersede(this.#running);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.threadUrl, { workerData: this.#cancelled.buffer });
    worker.unref();
    worker.on('message', (message: FromLinter) => {
      this.#answer(message);
    });
    worker.on('error', (error) => {
      this.events.error(`cdx lint thread failed: ${error.stack ?? error.message}`);
    });
    worker.on('exit', () => {
      if (this.#worker !== worker) return;
      // The thread died (out of memory, a crash): its job is lost, the next one starts a new thread.
      this.#worker = undefined;
      const job = this.#running;
      if (job) this.#finish(job);
    });
    worker.postMessage({ type: 'folders', folders: this.#folders } satisfies ToLinter);
    return (this.#worker = worker);
  }

  /** Starts the next lint when the thread is free and a document is due; else waits until one is. */
  #pump(): void {
    clearTimeout(this.#timer);
    if (this.#running || this.#stopped) return;
    const now = performance.now();
    let wait = Infinity;
    for (const [uri, wanted] of this.#wanted) {
      const due = wanted.now ? 0 : Math.min(wanted.changed + QUIET_MS, wanted.since + LINT_WITHIN_MS) - now;
      if (due > 0) {
        wait = Math.min(wait, due);
        continue;
      }
      this.#wanted.delete(uri);
      const document = this.source.current(uri);
      if (!document) continue;
      const first = this.#worker === undefined;
      const job: Job = { id: this.#nextId++, uri, version: document.version, started: performance.now(), first };
      this.#running = job;
      this.#thread().postMessage({ type: 'lint', id: job.id, uri, version: job.version, path: document.path, text: document.text } satisfies ToLinter);
      return;
    }
    if (wait < Infinity) {
      this.#timer = setTimeout(() => {
        this.#pump();
      }, wait);
    }
  }

  #supersede(job: Job): void {
    Atomics.store(this.#cancelled, CANCELLED, job.id);
    if (job.abandonTimer || job.first) return;
    const left = Math.max(0, ABANDON_AFTER_MS - (performance.now() - job.started));
    job.abandonTimer = setTimeout(() => {
      if (this.#running !== job) return;
      this.events.trace(`abandoned lint ${job.uri} v${job.version} after ${Math.round(performance.now() - job.started)} ms`);
      const worker = this.#worker;
      this.#worker = undefined;
      void worker?.terminate();
      this.#finish(job);
    }, left);
    job.abandonTimer.unref();
  }

  #finish(job: Job): void {
    clearTimeout(job.abandonTimer);
    job.resolveFix?.(undefined);
    if (this.#running === job) this.#running = undefined;
    this.#pump();
  }

  #isLatest(job: Job): boolean {
    return this.source.current(job.uri)?.version === job.version;
  }

  #answer(message: FromLinter): void {
    const job = this.#running;
    if (message.type === 'warning') {
      this.events.warn(message.message);
      return;
    }
    if (job?.id !== message.id) return;
    switch (message.type) {
      case 'linted': {
        job.linted = true;
        this.events.trace(`lint ${job.uri} v${job.version}: ${message.diagnostics.length} findings in ${message.ms} ms`);
        const result: Linted = { uri: job.uri, version: job.version, diagnostics: message.diagnostics, fixAll: undefined };
        if (message.fixable) {
          result.fixAll = new Promise<Span | undefined>((resolve) => {
            job.resolveFix = (span) => {
              // The first answer stands (a finished job resolves again, with nothing).
              result.settled ??= { span };
              resolve(span);
            };
          });
        } else result.settled = { span: undefined };
        if (this.#isLatest(job)) this.events.linted(result);
        if (!message.fixable) this.#finish(job);
        return;
      }
      case 'fixed':
        job.resolveFix?.(message.span);
        this.#finish(job);
        return;
      case 'failed':
        this.events.error(`cdx-lint failed on ${job.uri}: ${message.message}`);
        // No findings rather than the previous version's, placed in a text that changed.
        if (!job.linted && this.#isLatest(job)) this.events.linted({ uri: job.uri, version: job.version, diagnostics: [], fixAll: undefined });
        this.#finish(job);
    }
  }
}

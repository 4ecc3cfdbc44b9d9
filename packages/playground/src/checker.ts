// The page's side of the check worker: each check supersedes the one before it. A superseded
// check's answer is dropped (never shown); one still running a moment after it was superseded is
// stopped, its worker replaced, so that a large payload typed past does not delay the next check.
import type { CheckResult, JwtSettings } from './check.js';
import type { CheckAnswer, CheckRequest } from './check-worker.js';

/** A superseded check running this long is stopped with its worker (a new worker's start costs less). */
const STOP_AFTER_MS = 300;

/** What a check came to: its result, or `dropped` when a newer check superseded it. */
export type Checked = { result: CheckResult | undefined } | 'dropped';

interface Pending {
  id: number;
  started: number;
  settle(answer: CheckAnswer | 'dropped'): void;
}

export class Checker {
  #worker: Worker | undefined;
  #nextId = 1;
  #check: Pending | undefined;
  readonly #others = new Map<number, Pending>();
  /** Counts, for scripts and tests driving the page: checks asked for, shown, dropped. */
  readonly stats = { checks: 0, shown: 0, dropped: 0, workers: 0 };

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module', name: 'cdx-check' });
    this.stats.workers++;
    worker.addEventListener('message', (event: MessageEvent<CheckAnswer>) => {
      const { id } = event.data;
      const pending = this.#check?.id === id ? this.#check : this.#others.get(id);
      pending?.settle(event.data);
    });
    worker.addEventListener('error', (event) => {
      console.error(event.message);
    });
    return (this.#worker = worker);
  }

  #send(request: CheckRequest): Promise<CheckAnswer | 'dropped'> {
    return new Promise((resolve) => {
      const pending: Pending = {
        id: request.id,
        started: performance.now(),
        settle: (answer) => {
          if (this.#check === pending) this.#check = undefined;
          this.#others.delete(request.id);
          resolve(answer);
        },
      };
      if (request.op === 'check') this.#check = pending;
      else this.#others.set(request.id, pending);
      this.#thread().postMessage(request);
    });
  }

  /** Checks the text; resolves `dropped` when a newer check supersedes this one first. */
  async check(text: string, kind: string, jwt: boolean, settings: JwtSettings): Promise<Checked> {
    const previous = this.#check;
    if (previous) {
      this.stats.dropped++;
      previous.settle('dropped');
      if (performance.now() - previous.started > STOP_AFTER_MS) this.#restart();
    }
    this.stats.checks++;
    const answer = await this.#send({ id: this.#nextId++, op: 'check', text, kind, jwt, settings });
    if (answer === 'dropped') return 'dropped';
    if ('error' in answer) throw new Error(answer.error);
    if (!('result' in answer)) throw new Error('the check worker answered a check with no result');
    this.stats.shown++;
    return { result: answer.result };
  }

  /** The text `cdx-lint --fix` would write (undefined: nothing to rename). */
  async fix(text: string, kind: string): Promise<string | undefined> {
    const answer = await this.#send({ id: this.#nextId++, op: 'fix', text, kind });
    if (answer === 'dropped') return undefined;
    if ('error' in answer) throw new Error(answer.error);
    return 'output' in answer ? answer.output : undefined;
  }

  /** Stops the worker (and what it runs); the next request starts a new one. */
  #restart(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
    for (const pending of this.#others.values()) pending.settle('dropped');
  }
}

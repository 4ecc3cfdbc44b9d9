// The page's side of the share worker: the fragment for the page's state, encoded in the worker.
// Each request supersedes the ones before it: an older state's link, answered late, is not used.
import type { SharedState } from './share.js';
import type { LinkAnswer, LinkRequest } from './share-worker.js';

export class Linker {
  #worker: Worker | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, (answer: LinkAnswer) => void>();
  /** Counts, for scripts and tests driving the page: links encoded in the worker, and those superseded first. */
  readonly stats = { encoded: 0, superseded: 0 };

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./share-worker.ts', import.meta.url), { type: 'module', name: 'cdx-share' });
    worker.addEventListener('message', (event: MessageEvent<LinkAnswer>) => {
      const settle = this.#pending.get(event.data.id);
      this.#pending.delete(event.data.id);
      settle?.(event.data);
    });
    worker.addEventListener('error', (event) => {
      console.error(event.message);
    });
    return (this.#worker = worker);
  }

  /** The fragment (`#s=…`) for `state`; undefined when a newer state was asked for first. */
  async link(state: SharedState): Promise<string | undefined> {
    const id = this.#nextId++;
    const answer = await new Promise<LinkAnswer>((resolve) => {
      this.#pending.set(id, resolve);
      this.#thread().postMessage({ id, state } satisfies LinkRequest);
    });
    if ('error' in answer) throw new Error(answer.error);
    if (id !== this.#nextId - 1) {
      this.stats.superseded++;
      return undefined;
    }
    this.stats.encoded++;
    return answer.hash;
  }
}

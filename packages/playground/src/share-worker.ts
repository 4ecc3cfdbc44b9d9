// The share link's encoding, off the page's main thread: a 2 MB payload's JSON, UTF-8 and deflate
// cost tens of milliseconds of one task, and the page keeps its link in step after every check.
import { encodeState, type SharedState } from './share.js';

export interface LinkRequest {
  id: number;
  state: SharedState;
}

export type LinkAnswer = { id: number; hash: string } | { id: number; error: string };

self.addEventListener('message', (event: MessageEvent<LinkRequest>) => {
  const { id, state } = event.data;
  void encodeState(state)
    .then((hash): LinkAnswer => ({ id, hash }))
    .catch((error: unknown): LinkAnswer => ({ id, error: error instanceof Error ? error.message : String(error) }))
    .then((answer) => {
      self.postMessage(answer);
    });
});

// The page's state in the URL fragment, deflated and base64url-encoded: a link holds the payload,
// and browsers never send the fragment to any server. CompressionStream is the browser's own.
import { decodeBase64Url, encodeBase64Url } from './base64url.js';

/** What a link restores. */
export interface SharedState {
  /** The editor's text. */
  text: string;
  /** The kind picked, or '' for detection. */
  kind: string;
  /** Client-assertion settings (JWT mode). */
  clientId?: string;
  baseUrl?: string;
  publicKey?: string;
}

const PREFIX = '#s=';

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const output = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

/** The fragment for `state`, `#s=…`. */
export async function encodeState(state: SharedState): Promise<string> {
  const json = JSON.stringify(state);
  return PREFIX + encodeBase64Url(await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw')));
}

/** The state a fragment holds, or undefined for none (or one this page cannot read). */
export async function decodeState(hash: string): Promise<SharedState | undefined> {
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    const bytes = await pipe(decodeBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('deflate-raw'));
    const state = JSON.parse(new TextDecoder().decode(bytes)) as Partial<SharedState>;
    if (typeof state.text !== 'string') return undefined;
    const text = (key: keyof SharedState) => (typeof state[key] === 'string' ? state[key] : undefined);
    return {
      text: state.text,
      kind: text('kind') ?? '',
      ...(text('clientId') ? { clientId: text('clientId') } : {}),
      ...(text('baseUrl') ? { baseUrl: text('baseUrl') } : {}),
      ...(text('publicKey') ? { publicKey: text('publicKey') } : {}),
    };
  } catch {
    return undefined; // a truncated or hand-edited link: start empty rather than fail
  }
}

import type { IncomingMessage } from 'node:http';

/**
 * Largest request body accepted by default: a Claim/$attach bundle may carry a DocumentReference whose
 * attachment is just under the spec's 7 MB of base64 ("Limits": inline attachment size), plus the rest of
 * the bundle. Anything larger is answered 413 without being read further.
 */
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;

/** Why a body could not be read: too large (413) or cut off (400). */
export class BodyError extends Error {
  constructor(
    readonly status: 413 | 400,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a request body up to `limit` bytes. A Content-Length above the limit is refused before reading;
 * a body that streams past it is refused as soon as it does, so no more than `limit` bytes are held.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    return Promise.reject(new BodyError(413, `The body is ${declared} bytes; this service accepts at most ${limit}.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        request.resume();
        reject(new BodyError(413, `The body is more than ${limit} bytes; this service accepts at most ${limit}.`));
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => {
      resolve(Buffer.concat(chunks, size));
    });
    request.on('aborted', () => {
      reject(new BodyError(400, 'The request was aborted before its body ended.'));
    });
    request.on('error', (error) => {
      reject(new BodyError(400, `The body could not be read: ${error.message}`));
    });
  });
}

/** The media type of a request, lower-cased, without parameters. */
export function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

// The checks, off the page's main thread: typing, scrolling and the findings list stay responsive
// whatever the payload's size. The page (checker.ts) sends one request at a time per purpose and
// ignores an answer it no longer wants.
import { runPrepared, type KindId } from '@cdx/validate/browser';
import { fixText } from 'cdx-lint/text';
import { checkJson, checkJwt, type CheckResult, type JwtSettings } from './check.js';

export type CheckRequest =
  { id: number; op: 'check'; text: string; kind: string; jwt: boolean; settings: JwtSettings } | { id: number; op: 'fix'; text: string; kind: string };

export type CheckAnswer = { id: number; result: CheckResult | undefined } | { id: number; output: string | undefined } | { id: number; error: string };

async function answer(request: CheckRequest): Promise<CheckAnswer> {
  if (request.op === 'fix') {
    const options = request.kind ? { kind: request.kind as KindId } : {};
    const { output } = await runPrepared(() => fixText(request.text, options));
    return { id: request.id, output };
  }
  if (request.jwt) return { id: request.id, result: await checkJwt(request.text, request.settings) };
  return { id: request.id, result: request.text.trim() === '' ? undefined : await checkJson(request.text, request.kind) };
}

self.addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  void answer(event.data)
    .catch((error: unknown): CheckAnswer => ({ id: event.data.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }))
    .then((message) => {
      self.postMessage(message);
    });
});

// The page's side of the check worker (src/checker.ts) with a stand-in Worker the test answers: a
// check superseded before its answer is dropped (never shown), and one superseded after running
// STOP_AFTER_MS is stopped with its worker. worker.test.ts drives the real page, where whether a
// check is still running when the next one comes depends on the machine.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckAnswer, CheckRequest } from '../src/check-worker.js';
import { Checker } from '../src/checker.js';

class StandInWorker {
  static made: StandInWorker[] = [];
  readonly posted: CheckRequest[] = [];
  terminated = false;
  #onMessage: ((event: { data: CheckAnswer }) => void) | undefined;

  constructor() {
    StandInWorker.made.push(this);
  }

  addEventListener(type: string, listener: (event: { data: CheckAnswer }) => void): void {
    if (type === 'message') this.#onMessage = listener;
  }

  postMessage(request: CheckRequest): void {
    this.posted.push(request);
  }

  terminate(): void {
    this.terminated = true;
  }

  answer(data: CheckAnswer): void {
    this.#onMessage?.({ data });
  }
}

const SETTINGS = { clientId: '', baseUrl: '', publicKey: '' };
const result = (kind: string) => ({ kind, findings: [] }) as never;

describe('Checker', () => {
  beforeEach(() => {
    StandInWorker.made = [];
    vi.stubGlobal('Worker', StandInWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('drops a check superseded before its answer, and shows the newer one', async () => {
    const checker = new Checker();
    const first = checker.check('{"large": true}', '', false, SETTINGS);
    const second = checker.check('{}', '', false, SETTINGS);
    expect(await first).toBe('dropped');
    const [worker] = StandInWorker.made;
    expect(worker!.posted.map((r) => r.id)).toEqual([1, 2]);
    // The first one's late answer changes nothing.
    worker!.answer({ id: 1, result: result('first') });
    worker!.answer({ id: 2, result: result('second') });
    expect(await second).toEqual({ result: result('second') });
    expect(checker.stats).toEqual({ checks: 2, shown: 1, dropped: 1, workers: 1 });
  });

  it('shows a check answered before the next one comes', async () => {
    const checker = new Checker();
    const first = checker.check('{}', '', false, SETTINGS);
    StandInWorker.made[0]!.answer({ id: 1, result: result('first') });
    expect(await first).toEqual({ result: result('first') });
    const second = checker.check('{}', '', false, SETTINGS);
    StandInWorker.made[0]!.answer({ id: 2, result: result('second') });
    expect(await second).toEqual({ result: result('second') });
    expect(checker.stats).toEqual({ checks: 2, shown: 2, dropped: 0, workers: 1 });
  });

  it('stops the worker of a check superseded after running 300 ms, and checks on a new one', async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const checker = new Checker();
    const first = checker.check('{"large": true}', '', false, SETTINGS);
    now += 301;
    const second = checker.check('{}', '', false, SETTINGS);
    expect(await first).toBe('dropped');
    const [old, fresh] = StandInWorker.made;
    expect(old!.terminated).toBe(true);
    expect(fresh!.posted.map((r) => r.id)).toEqual([2]);
    fresh!.answer({ id: 2, result: result('second') });
    expect(await second).toEqual({ result: result('second') });
    expect(checker.stats).toMatchObject({ checks: 2, shown: 1, dropped: 1, workers: 2 });
  });

  it('keeps the worker of a check superseded sooner', () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const checker = new Checker();
    void checker.check('{"large": true}', '', false, SETTINGS);
    now += 299;
    void checker.check('{}', '', false, SETTINGS);
    expect(StandInWorker.made).toHaveLength(1);
    expect(StandInWorker.made[0]!.terminated).toBe(false);
  });
});

// A mock started in-process for a suite, with one registered client and a token for it.
import { afterAll, beforeAll } from 'vitest';
import { startMock, type Mock, type MockOptions } from '../../src/index.js';
import { CLIENT_ID, keyPair, tokenFor, type KeyPair } from './client.js';

export interface Running {
  mock: Mock;
  key: KeyPair;
  token: string;
  url: string;
}

/** Starts a mock before the suite's tests (with `options` and the test client) and closes it after. */
export function useMock(options: MockOptions = {}): Running {
  const running = { key: keyPair() } as Running;
  beforeAll(async () => {
    running.mock = await startMock({ ...options, clients: { [CLIENT_ID]: running.key.jwks, ...options.clients } });
    running.url = running.mock.url;
    running.token = await tokenFor(running.url, running.key);
  });
  afterAll(async () => {
    await running.mock.close();
  });
  return running;
}

// One server for a test file: started in a fresh temporary folder (its workspace, traced) before the
// file's tests, stopped after them (exit 0, nothing on stderr) and its folder removed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { Client } from './client.js';

export interface Session {
  /** The workspace folder (the server's cwd). */
  readonly dir: string;
  readonly client: Client;
}

/** Registers the set-up and tear-down hooks; the session's members are there once `beforeAll` ran. */
export function useSession(prefix: string): Session {
  const session = {} as { dir: string; client: Client };
  beforeAll(async () => {
    session.dir = mkdtempSync(join(tmpdir(), prefix));
    session.client = new Client({ cwd: session.dir });
    await session.client.initialize(session.dir, { trace: 'messages' });
  });
  afterAll(async () => {
    expect(await session.client.stop()).toBe(0);
    expect(session.client.stderr).toBe('');
    rmSync(session.dir, { recursive: true, force: true });
  });
  return session;
}

/** The lints of a document the server traced: those that ended, and those it abandoned. */
export const lintsOf = (traces: readonly string[], uri: string) => traces.filter((t) => t.startsWith(`lint ${uri} `) || t.startsWith(`abandoned lint ${uri} `));

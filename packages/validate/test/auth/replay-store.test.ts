import { describe, expect, it } from 'vitest';
import { MemoryReplayStore } from '../../src/auth/index.js';

describe('MemoryReplayStore', () => {
  it("keys by issuer and jti: one client's jti does not make another client's token a replay", async () => {
    const store = new MemoryReplayStore();
    const expiresAt = Date.now() + 300_000;
    expect(await store.checkAndRemember('X', expiresAt, 'client-a')).toBe(true);
    expect(await store.checkAndRemember('X', expiresAt, 'client-b')).toBe(true);
    expect(await store.checkAndRemember('X', expiresAt, 'client-a')).toBe(false);
    // No issuer and jti pair stands for another: "a" + "bX" is not "ab" + "X".
    expect(await store.checkAndRemember('bX', expiresAt, 'a')).toBe(true);
    expect(await store.checkAndRemember('X', expiresAt, 'ab')).toBe(true);
  });

  it('the same jti from 100 concurrent checks is accepted exactly once', async () => {
    const store = new MemoryReplayStore();
    const expiresAt = Date.now() + 300_000;
    const results = await Promise.all(Array.from({ length: 100 }, () => store.checkAndRemember('same-jti', expiresAt)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(store.size).toBe(1);
  });

  it('1,000,000 distinct jtis into a store bounded at 10,000 never exceed the bound', async () => {
    let clock = 1_000_000;
    const store = new MemoryReplayStore({ maxEntries: 10_000, now: () => clock });
    let maxSeen = 0;
    let accepted = 0;
    for (let i = 0; i < 1_000_000; i++) {
      if (i % 1000 === 0) clock += 1; // time moves, some entries expire on their own
      if (await store.checkAndRemember(`jti-${i}`, clock + 1 + ((i * 7919) % 300_000))) accepted++;
      if (store.size > maxSeen) maxSeen = store.size;
    }
    expect(accepted).toBe(1_000_000);
    expect(maxSeen).toBe(10_000);
    expect(store.size).toBeLessThanOrEqual(10_000);
  });

  it('a jti is refused while live and accepted again after it expires', async () => {
    let clock = 0;
    const store = new MemoryReplayStore({ now: () => clock });
    expect(await store.checkAndRemember('a', 1000)).toBe(true);
    clock = 999;
    expect(await store.checkAndRemember('a', 1000)).toBe(false);
    clock = 1000;
    expect(await store.checkAndRemember('a', 2000)).toBe(true);
    expect(store.size).toBe(1);
  });

  it('when full, expired entries go first, then the soonest-expiring live one', async () => {
    let clock = 0;
    const store = new MemoryReplayStore({ maxEntries: 3, now: () => clock });
    await store.checkAndRemember('short', 100);
    await store.checkAndRemember('mid', 5000);
    await store.checkAndRemember('long', 9000);
    clock = 200; // 'short' has expired
    expect(await store.checkAndRemember('new', 8000)).toBe(true);
    expect(store.pressureEvictions).toBe(0);
    expect(await store.checkAndRemember('mid', 5000)).toBe(false);
    expect(await store.checkAndRemember('long', 9000)).toBe(false);

    expect(await store.checkAndRemember('newer', 7000)).toBe(true); // full of live entries: 'mid' (5000) goes
    expect(store.pressureEvictions).toBe(1);
    expect(store.size).toBe(3);
    expect(await store.checkAndRemember('long', 9000)).toBe(false);
    expect(await store.checkAndRemember('new', 8000)).toBe(false);
    expect(await store.checkAndRemember('mid', 5000)).toBe(true); // the weakened guarantee, made visible
  });

  it('an already-expired jti is accepted and not stored; bad input is rejected', async () => {
    const store = new MemoryReplayStore({ now: () => 10_000 });
    expect(await store.checkAndRemember('old', 5000)).toBe(true);
    expect(store.size).toBe(0);
    await expect(store.checkAndRemember('', 20_000)).rejects.toThrow(TypeError);
    await expect(store.checkAndRemember('x', Number.NaN)).rejects.toThrow(TypeError);
    expect(() => new MemoryReplayStore({ maxEntries: 0 })).toThrow(RangeError);
  });
});

import { ExpiryHeap } from './min-heap.js';
import { MAX_JTI_LENGTH } from './service.js';

/**
 * Remembers the jti of accepted client assertions so a reused one is caught (the service denies
 * a jti reused within the JWT's lifetime). Implementations must make the check and the write one
 * atomic step: two concurrent calls with the same jti must never both resolve true. For several
 * instances, back it with a shared store, e.g. Redis `SET cdx:jti:<jti> 1 NX PX <ms until expiresAtMs>`
 * (true when the reply is OK); see docs/auth.md.
 */
export interface ReplayStore {
  /**
   * Records `jti` of `issuer` until `expiresAtMs` (ms since the epoch). Resolves true when this is
   * its first use (nothing live was recorded under that issuer and jti), false when it is a replay.
   * A jti is unique per issuer only (RFC 7519 §4.1.7): key by both, or one client's jti makes
   * another client's token a replay. The checker always passes the issuer (the `iss` claim).
   */
  checkAndRemember(jti: string, expiresAtMs: number, issuer: string): Promise<boolean>;
}

/** Options of {@link MemoryReplayStore}. */
export interface MemoryReplayStoreOptions {
  /**
   * Most jtis kept at once (default 100,000). With jtis and issuers of at most MAX_JTI_LENGTH (255)
   * characters each, memory stays below about maxEntries × 1,300 bytes. Size it to at least the number of assertions accepted
   * in one lifetime window: peak token requests per second × (300 + clock tolerance) seconds.
   */
  maxEntries?: number;
  /** Clock in milliseconds since the epoch. Default Date.now. */
  now?: () => number;
}

/**
 * An in-process {@link ReplayStore} for a single instance, keyed by issuer and jti. Entries leave when they expire. When
 * it is full, expired entries go first, then the soonest-expiring live one: that eviction under
 * pressure weakens the guarantee (an evicted jti could be replayed until it expires), so size
 * `maxEntries` for the peak and watch {@link MemoryReplayStore.pressureEvictions}.
 *
 * The check-and-set runs synchronously inside each call, so concurrent async callers in one
 * process cannot interleave between the check and the write.
 */
export class MemoryReplayStore implements ReplayStore {
  readonly maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, number>();
  readonly #queue = new ExpiryHeap();
  #pressureEvictions = 0;

  constructor(options: MemoryReplayStoreOptions = {}) {
    const { maxEntries = 100_000, now = Date.now } = options;
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive whole number.');
    this.maxEntries = maxEntries;
    this.#now = now;
  }

  /** Number of jtis currently remembered. Never above maxEntries. */
  get size(): number {
    return this.#entries.size;
  }

  /** How many live (unexpired) jtis were evicted because the store was full. Should stay 0. */
  get pressureEvictions(): number {
    return this.#pressureEvictions;
  }

  checkAndRemember(jti: string, expiresAtMs: number, issuer = ''): Promise<boolean> {
    try {
      return Promise.resolve(this.#checkAndRemember(jti, expiresAtMs, issuer));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Forgets every jti. */
  clear(): void {
    this.#entries.clear();
    while (this.#queue.pop()) {
      /* drain */
    }
  }

  #checkAndRemember(jti: string, expiresAtMs: number, issuer: string): boolean {
    if (typeof jti !== 'string' || jti === '') throw new TypeError('jti must be a non-empty string.');
    if (typeof issuer !== 'string' || issuer.length > MAX_JTI_LENGTH) throw new TypeError(`issuer must be a string of at most ${MAX_JTI_LENGTH} characters.`);
    if (jti.length > MAX_JTI_LENGTH) throw new TypeError(`jti must be at most ${MAX_JTI_LENGTH} characters (the checker reports a longer one as jwt-jti).`);
    if (!Number.isFinite(expiresAtMs)) throw new TypeError('expiresAtMs must be a finite number of milliseconds since the epoch.');
    const now = this.#now();
    this.#dropExpired(now);
    // The issuer's length first: no issuer and jti pair spells another ("a" + "bX" is not "ab" + "X").
    const key = `${issuer.length}:${issuer}${jti}`;
    if (this.#entries.has(key)) return false;
    if (expiresAtMs <= now) return true; // already expired: nothing left to protect, nothing stored
    while (this.#entries.size >= this.maxEntries && this.#evictSoonest()) {
      /* evicted one */
    }
    this.#entries.set(key, expiresAtMs);
    this.#queue.push({ jti: key, expiresAtMs });
    return true;
  }

  #dropExpired(now: number): void {
    for (let top = this.#queue.peek(); top !== undefined && top.expiresAtMs <= now; top = this.#queue.peek()) {
      this.#queue.pop();
      if (this.#entries.get(top.jti) === top.expiresAtMs) this.#entries.delete(top.jti);
    }
  }

  /** Evicts the soonest-expiring live entry; false when there was none. */
  #evictSoonest(): boolean {
    for (let top = this.#queue.pop(); top !== undefined; top = this.#queue.pop()) {
      if (this.#entries.get(top.jti) !== top.expiresAtMs) continue;
      this.#entries.delete(top.jti);
      this.#pressureEvictions++;
      return true;
    }
    return false;
  }
}

/** An entry of the replay store's expiry queue. */
export interface Expiry {
  jti: string;
  expiresAtMs: number;
}

/**
 * A binary min-heap of expiries, soonest first: O(log n) push and pop, so a bounded store can
 * always find the entry to evict without scanning. Entries may go stale (the store checks them
 * against its map when it pops them).
 */
export class ExpiryHeap {
  #items: Expiry[] = [];

  get length(): number {
    return this.#items.length;
  }

  peek(): Expiry | undefined {
    return this.#items[0];
  }

  push(item: Expiry): void {
    const items = this.#items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.expiresAtMs <= item.expiresAtMs) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = item;
  }

  pop(): Expiry | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right]!.expiresAtMs < items[left]!.expiresAtMs ? right : left;
      if (items[child]!.expiresAtMs >= last.expiresAtMs) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

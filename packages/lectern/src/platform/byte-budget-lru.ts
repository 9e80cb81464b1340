interface Held<V> {
  value: V;
  bytes: number;
}

/**
 * A least-recently-used map bounded by the estimated bytes of what it holds, not by a count:
 * a few long values and many short ones cost what they cost, and the total never passes the
 * budget. A value larger than the whole budget is not kept at all.
 */
export class ByteBudgetLru<K, V> {
  private readonly held = new Map<K, Held<V>>();
  private heldBytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.heldBytes;
  }

  get size(): number {
    return this.held.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const held = this.held.get(key);
    if (held === undefined) return undefined;
    // Re-inserting moves it to the end: the Map's insertion order is the recency order.
    this.held.delete(key);
    this.held.set(key, held);
    return held.value;
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.held.set(key, { value, bytes });
    this.heldBytes += bytes;
    this.evictOverBudget();
  }

  /** A held value grew (a part of it computed later): count the extra bytes, evicting as needed. */
  grow(key: K, extraBytes: number): void {
    const held = this.held.get(key);
    if (held === undefined) return;
    held.bytes += extraBytes;
    this.heldBytes += extraBytes;
    this.evictOverBudget();
  }

  delete(key: K): void {
    const held = this.held.get(key);
    if (held === undefined) return;
    this.held.delete(key);
    this.heldBytes -= held.bytes;
  }

  private evictOverBudget(): void {
    while (this.heldBytes > this.maxBytes) {
      const oldest = this.held.keys().next();
      if (oldest.done === true) return;
      this.delete(oldest.value);
    }
  }
}

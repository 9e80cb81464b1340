interface Held<V> {
  value: V;
  bytes: number;
}

export interface LruLimits {
  /** Values held at most, besides the byte budget (each may hold an index or a process's worth of state). */
  readonly maxEntries?: number;
  /** A value past this size is not kept (nor kept on once it grows past it); the budget by default. */
  readonly maxValueBytes?: number;
}

/**
 * A least-recently-used map bounded by the estimated bytes of what it holds, not only by a
 * count: a few long values and many short ones cost what they cost, and the total never passes
 * the budget. A value larger than `maxValueBytes` (the whole budget unless said) is not kept at all.
 */
export class ByteBudgetLru<K, V> {
  private readonly held = new Map<K, Held<V>>();
  private heldBytes = 0;
  private readonly maxEntries: number;
  private readonly maxValueBytes: number;

  constructor(
    readonly maxBytes: number,
    limits: LruLimits = {},
  ) {
    this.maxEntries = limits.maxEntries ?? Number.POSITIVE_INFINITY;
    this.maxValueBytes = Math.min(maxBytes, limits.maxValueBytes ?? maxBytes);
  }

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

  /** The value, its recency unchanged. */
  peek(key: K): V | undefined {
    return this.held.get(key)?.value;
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxValueBytes) return;
    this.held.set(key, { value, bytes });
    this.heldBytes += bytes;
    this.evictOverBudget();
  }

  /**
   * A held value grew (a part of it computed later, lines appended): count the extra bytes,
   * evicting as needed; a value grown past `maxValueBytes` is let go.
   */
  grow(key: K, extraBytes: number): void {
    const held = this.held.get(key);
    if (held === undefined) return;
    held.bytes += extraBytes;
    this.heldBytes += extraBytes;
    if (held.bytes > this.maxValueBytes) this.delete(key);
    else this.evictOverBudget();
  }

  delete(key: K): void {
    const held = this.held.get(key);
    if (held === undefined) return;
    this.held.delete(key);
    this.heldBytes -= held.bytes;
  }

  private evictOverBudget(): void {
    while (this.heldBytes > this.maxBytes || this.held.size > this.maxEntries) {
      const oldest = this.held.keys().next();
      if (oldest.done === true) return;
      this.delete(oldest.value);
    }
  }
}

/**
 * What a key-value backend does, whatever engine holds the data (SQLite, in memory through
 * SQLite's `:memory:`, or Redis). Values arrive and leave as their JSON text (value-codec.ts),
 * so every backend stores the same bytes and a store moves between engines unchanged. TTLs are
 * whole seconds, as in Redis.
 */
export interface KvBackend {
  /** The stored JSON text, or undefined for a key that is missing or expired. */
  get(key: string): Promise<string | undefined>;
  set(key: string, json: string, ttlSeconds: number | undefined): Promise<void>;
  /** Sets only when the key is absent; true when it did. */
  setIfAbsent(key: string, json: string, ttlSeconds: number | undefined): Promise<boolean>;
  has(key: string): Promise<boolean>;
  /** True when the key existed. */
  delete(key: string): Promise<boolean>;
  /** Live keys starting with `prefix`, sorted. */
  keys(prefix: string): Promise<string[]>;
  /**
   * Adds `by` to the integer stored at `key` (0 when absent) and returns the sum; undefined
   * when the stored value is not an integer, which the namespace reports as E602.
   */
  increment(key: string, by: number): Promise<number | undefined>;
  /** Sets the key to expire `seconds` from now; false when the key is missing. */
  expire(key: string, seconds: number): Promise<boolean>;
  /** Remaining seconds; -1 without expiry, undefined for a missing key. */
  ttl(key: string): Promise<number | undefined>;
  /** Removes every key of this store (for Redis: of its prefix, or its database index without one). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The SQLite key-value backend (better-sqlite3), also serving `:memory:`: one table of keys,
 * JSON values and an expiry time in milliseconds. Expired rows are invisible to every read
 * and deleted lazily when touched, so a TTL holds without a background sweeper.
 */
import type Database from 'better-sqlite3';
import type { KvBackend } from './backend.js';
import { decodeValue } from './value-codec.js';

const MS_PER_SECOND = 1000;
/** `ttl` of a key without expiry, as Redis reports it. */
const NO_EXPIRY = -1;

/** Statements prepared once per store: the hot paths (get/set) then cost one step each. */
interface Statements {
  readonly get: Database.Statement<[string, number], { value: string }>;
  readonly set: Database.Statement<[string, string, number | null]>;
  readonly insertIfAbsent: Database.Statement<[string, string, number | null]>;
  readonly deleteExpired: Database.Statement<[string, number]>;
  readonly delete: Database.Statement<[string]>;
  readonly keys: Database.Statement<[string, string, number], { key: string }>;
  readonly expiry: Database.Statement<[string, number], { expires_at: number | null }>;
  readonly expire: Database.Statement<[number, string, number]>;
  readonly flush: Database.Statement<[]>;
}

const TABLE = 'loom_kv';

export class SqliteKvBackend implements KvBackend {
  private readonly statements: Statements;

  constructor(private readonly database: Database.Database) {
    database.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER)`);
    const live = '(expires_at IS NULL OR expires_at > ?)';
    this.statements = {
      get: database.prepare(`SELECT value FROM ${TABLE} WHERE key = ? AND ${live}`),
      set: database.prepare(`INSERT INTO ${TABLE} (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`),
      insertIfAbsent: database.prepare(`INSERT INTO ${TABLE} (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING`),
      deleteExpired: database.prepare(`DELETE FROM ${TABLE} WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?`),
      delete: database.prepare(`DELETE FROM ${TABLE} WHERE key = ?`),
      // substr rather than LIKE: a prefix may hold % or _, which LIKE would read as wildcards.
      keys: database.prepare(`SELECT key FROM ${TABLE} WHERE substr(key, 1, length(?)) = ? AND ${live} ORDER BY key`),
      expiry: database.prepare(`SELECT expires_at FROM ${TABLE} WHERE key = ? AND ${live}`),
      expire: database.prepare(`UPDATE ${TABLE} SET expires_at = ? WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)`),
      flush: database.prepare(`DELETE FROM ${TABLE}`),
    };
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.statements.get.get(key, Date.now())?.value);
  }

  set(key: string, json: string, ttlSeconds: number | undefined): Promise<void> {
    this.statements.set.run(key, json, expiresAt(ttlSeconds));
    return Promise.resolve();
  }

  setIfAbsent(key: string, json: string, ttlSeconds: number | undefined): Promise<boolean> {
    // An expired row still holds the key's place in the table: clear it first.
    this.statements.deleteExpired.run(key, Date.now());
    return Promise.resolve(this.statements.insertIfAbsent.run(key, json, expiresAt(ttlSeconds)).changes === 1);
  }

  has(key: string): Promise<boolean> {
    return Promise.resolve(this.statements.get.get(key, Date.now()) !== undefined);
  }

  delete(key: string): Promise<boolean> {
    const existed = this.statements.get.get(key, Date.now()) !== undefined;
    this.statements.delete.run(key);
    return Promise.resolve(existed);
  }

  keys(prefix: string): Promise<string[]> {
    return Promise.resolve(this.statements.keys.all(prefix, prefix, Date.now()).map((row) => row.key));
  }

  increment(key: string, by: number): Promise<number | undefined> {
    // One transaction: read, add, write back, keeping the key's expiry as Redis INCRBY does.
    const run = this.database.transaction((): number | undefined => {
      const now = Date.now();
      const current = this.statements.get.get(key, now);
      const value = current === undefined ? 0 : decodeValue(current.value);
      if (typeof value !== 'number' || !Number.isInteger(value)) return undefined;
      const sum = value + by;
      const expiry = current === undefined ? null : (this.statements.expiry.get(key, now)?.expires_at ?? null);
      this.statements.set.run(key, JSON.stringify(sum), expiry);
      return sum;
    });
    return Promise.resolve(run());
  }

  expire(key: string, seconds: number): Promise<boolean> {
    const now = Date.now();
    return Promise.resolve(this.statements.expire.run(now + seconds * MS_PER_SECOND, key, now).changes === 1);
  }

  ttl(key: string): Promise<number | undefined> {
    const now = Date.now();
    const row = this.statements.expiry.get(key, now);
    if (row === undefined) return Promise.resolve(undefined);
    return Promise.resolve(row.expires_at === null ? NO_EXPIRY : Math.ceil((row.expires_at - now) / MS_PER_SECOND));
  }

  flush(): Promise<void> {
    this.statements.flush.run();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.database.close();
    return Promise.resolve();
  }
}

function expiresAt(ttlSeconds: number | undefined): number | null {
  return ttlSeconds === undefined ? null : Date.now() + ttlSeconds * MS_PER_SECOND;
}

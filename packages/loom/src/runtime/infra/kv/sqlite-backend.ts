/**
 * The SQLite key-value backend (better-sqlite3), also serving `:memory:`: one table of keys,
 * JSON values and an expiry time in milliseconds. Expired rows are invisible to every read
 * and deleted lazily when touched, so a TTL holds without a background sweeper.
 *
 * A lock another process holds on the file is waited out with timers, as for a program's
 * databases (../sqlite-busy.ts): only the operations on this store wait, never the program.
 * An operation that reads and then writes runs in one transaction that takes the write lock
 * when it begins; one still locked out after the busy timeout, or failing otherwise, is E601
 * naming the store.
 */
import type Database from 'better-sqlite3';
import { LoomError } from '../../../errors.js';
import { inWriteTransaction, whenFree } from '../sqlite-busy.js';
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

  private constructor(
    private readonly database: Database.Database,
    /** The store's URL, for messages. */
    private readonly location: string,
    /** How long an operation waits for another connection's lock on the file. */
    private readonly busyTimeoutMs: number,
  ) {
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

  /** The store in `database`, its table created first if absent (which waits for a lock too). */
  static async open(database: Database.Database, location: string, busyTimeoutMs: number): Promise<SqliteKvBackend> {
    await whenFree(() => database.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER)`), busyTimeoutMs);
    return new SqliteKvBackend(database, location, busyTimeoutMs);
  }

  get(key: string): Promise<string | undefined> {
    return this.run(() => this.statements.get.get(key, Date.now())?.value);
  }

  set(key: string, json: string, ttlSeconds: number | undefined): Promise<void> {
    return this.run(() => {
      this.statements.set.run(key, json, expiresAt(ttlSeconds));
    });
  }

  setIfAbsent(key: string, json: string, ttlSeconds: number | undefined): Promise<boolean> {
    return this.write(() => {
      // An expired row still holds the key's place in the table: clear it first.
      this.statements.deleteExpired.run(key, Date.now());
      return this.statements.insertIfAbsent.run(key, json, expiresAt(ttlSeconds)).changes === 1;
    });
  }

  has(key: string): Promise<boolean> {
    return this.run(() => this.statements.get.get(key, Date.now()) !== undefined);
  }

  delete(key: string): Promise<boolean> {
    return this.write(() => {
      const existed = this.statements.get.get(key, Date.now()) !== undefined;
      this.statements.delete.run(key);
      return existed;
    });
  }

  keys(prefix: string): Promise<string[]> {
    return this.run(() => this.statements.keys.all(prefix, prefix, Date.now()).map((row) => row.key));
  }

  increment(key: string, by: number): Promise<number | undefined> {
    // Read, add, write back, keeping the key's expiry as Redis INCRBY does.
    return this.write((): number | undefined => {
      const now = Date.now();
      const current = this.statements.get.get(key, now);
      const value = current === undefined ? 0 : decodeValue(current.value);
      if (typeof value !== 'number' || !Number.isInteger(value)) return undefined;
      const sum = value + by;
      const expiry = current === undefined ? null : (this.statements.expiry.get(key, now)?.expires_at ?? null);
      this.statements.set.run(key, JSON.stringify(sum), expiry);
      return sum;
    });
  }

  expire(key: string, seconds: number): Promise<boolean> {
    return this.run(() => {
      const now = Date.now();
      return this.statements.expire.run(now + seconds * MS_PER_SECOND, key, now).changes === 1;
    });
  }

  ttl(key: string): Promise<number | undefined> {
    return this.run(() => {
      const now = Date.now();
      const row = this.statements.expiry.get(key, now);
      if (row === undefined) return undefined;
      return row.expires_at === null ? NO_EXPIRY : Math.ceil((row.expires_at - now) / MS_PER_SECOND);
    });
  }

  flush(): Promise<void> {
    return this.run(() => {
      this.statements.flush.run();
    });
  }

  close(): Promise<void> {
    this.database.close();
    return Promise.resolve();
  }

  /** One statement, run again while another connection's lock is in its way. */
  private run<T>(statement: () => T): Promise<T> {
    return this.settled(() => whenFree(statement, this.busyTimeoutMs));
  }

  /** Statements that read and write, in one transaction holding the write lock from its start. */
  private write<T>(body: () => T): Promise<T> {
    return this.settled(() => inWriteTransaction(this.database, body, this.busyTimeoutMs));
  }

  /**
   * The outcome as a promise, a failure as E601. Not an async function: a store operation that
   * met no lock (nearly all) costs one resolved promise, as it did before locks were waited out.
   */
  private settled<T>(operation: () => T | Promise<T>): Promise<T> {
    try {
      const outcome = operation();
      return outcome instanceof Promise ? outcome.catch((error: unknown) => Promise.reject(this.failure(error))) : Promise.resolve(outcome);
    } catch (error) {
      return Promise.reject(this.failure(error));
    }
  }

  private failure(error: unknown): unknown {
    if (!(error instanceof Error) || error instanceof LoomError) return error;
    return new LoomError('E601', `the store ${this.location} failed: ${error.message}`, undefined, { cause: error });
  }
}

function expiresAt(ttlSeconds: number | undefined): number | null {
  return ttlSeconds === undefined ? null : Date.now() + ttlSeconds * MS_PER_SECOND;
}

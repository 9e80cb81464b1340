/**
 * SQLite through better-sqlite3. Statements are prepared once and cached by their text, so a
 * parameterised query run in a loop costs one bind and one step (the benchmark holds it within
 * 2× of the driver called directly). Values a program binds are made SQLite values: booleans
 * become 1/0 and lists or dicts their JSON text.
 *
 * A lock another connection holds on the file is waited out asynchronously (../sqlite-busy.ts), and
 * only where running the statement again is safe: outside a transaction, where a statement that
 * met the lock did nothing. A transaction takes the write lock when it begins (BEGIN IMMEDIATE),
 * so it is the BEGIN that waits, and nothing inside the transaction meets the lock later.
 */
import type Database from 'better-sqlite3';
import type { DbEngine, Outcome, Parameters, Row } from './engine.js';
import { toPositionalPlaceholders } from './placeholders.js';
import { isBusy, whenFree } from '../sqlite-busy.js';

/** Enough for the statements of a program; an unbounded cache would grow with generated SQL. */
const STATEMENT_CACHE_ENTRIES = 256;

function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) return JSON.stringify(value);
  return value;
}

function bindsAsItIs(value: unknown): boolean {
  return value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint';
}

export class SqliteEngine implements DbEngine {
  readonly kind = 'sqlite';
  /** By the SQL as the program wrote it: the placeholder rewrite is done once per statement too. */
  private readonly statements = new Map<string, { statement: Database.Statement; order: readonly number[] | null }>();

  /** Whether a failure is a lock met outside a transaction, so that the statement did nothing and may run again. */
  private readonly retryable = (error: unknown): boolean => isBusy(error) && !this.database.inTransaction;

  constructor(
    private readonly database: Database.Database,
    /** How long a statement waits for another connection's lock (the URL's busy_timeout). */
    private readonly busyTimeoutMs: number,
  ) {}

  // Synchronous, as the driver is, unless a lock is waited out: the Database handle (database.ts)
  // passes plain values on.
  query(sql: string, parameters: Parameters): Outcome<Row[]> {
    return whenFree(() => this.rows(sql, parameters), this.busyTimeoutMs, this.retryable);
  }

  queryOne(sql: string, parameters: Parameters): Outcome<Row | undefined> {
    return whenFree(() => this.firstRow(sql, parameters), this.busyTimeoutMs, this.retryable);
  }

  execute(sql: string, parameters: Parameters): Outcome<number> {
    return whenFree(() => this.changes(sql, parameters), this.busyTimeoutMs, this.retryable);
  }

  async begin(): Promise<void> {
    // IMMEDIATE: a deferred transaction would take the write lock at its first write, and a lock
    // met there cannot be waited out (SQLite refuses, as the snapshot read so far may be stale).
    await whenFree(() => this.database.exec('BEGIN IMMEDIATE'), this.busyTimeoutMs, this.retryable);
  }

  commit(): Promise<void> {
    this.database.exec('COMMIT');
    return Promise.resolve();
  }

  rollback(): Promise<void> {
    if (this.database.inTransaction) this.database.exec('ROLLBACK');
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.database.close();
    return Promise.resolve();
  }

  private rows(sql: string, parameters: Parameters): Row[] {
    const [statement, values] = this.prepare(sql, parameters);
    // A statement without a result (an INSERT given to query) runs and yields no rows.
    if (!statement.reader) {
      statement.run(...values);
      return [];
    }
    return statement.all(...values) as Row[];
  }

  private firstRow(sql: string, parameters: Parameters): Row | undefined {
    const [statement, values] = this.prepare(sql, parameters);
    if (!statement.reader) {
      statement.run(...values);
      return undefined;
    }
    return statement.get(...values) as Row | undefined;
  }

  private changes(sql: string, parameters: Parameters): number {
    const [statement, values] = this.prepare(sql, parameters);
    if (statement.reader) {
      statement.all(...values);
      return 0;
    }
    return statement.run(...values).changes;
  }

  private prepare(sql: string, parameters: Parameters): [Database.Statement, unknown[]] {
    let cached = this.statements.get(sql);
    if (cached === undefined) {
      const rewritten = toPositionalPlaceholders(sql);
      cached = { statement: this.database.prepare(rewritten.sql), order: rewritten.order };
      if (this.statements.size >= STATEMENT_CACHE_ENTRIES) this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, cached);
    }
    if (!Array.isArray(parameters)) {
      return [cached.statement, [Object.fromEntries(Object.entries(parameters as Readonly<Record<string, unknown>>).map(([name, value]) => [name, sqliteValue(value)]))]];
    }
    const list: readonly unknown[] = parameters;
    const { order } = cached;
    if (order !== null) return [cached.statement, order.map((position) => sqliteValue(list[position]))];
    // Numbers, strings and null bind as they are: no copy of the list for the common case.
    return [cached.statement, list.every(bindsAsItIs) ? (list as unknown[]) : list.map(sqliteValue)];
  }
}

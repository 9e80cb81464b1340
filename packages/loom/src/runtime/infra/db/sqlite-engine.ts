/**
 * SQLite through better-sqlite3. Statements are prepared once and cached by their text, so a
 * parameterised query run in a loop costs one bind and one step (the benchmark holds it within
 * 2× of the driver called directly). Values a program binds are made SQLite values: booleans
 * become 1/0 and lists or dicts their JSON text.
 */
import type Database from 'better-sqlite3';
import type { DbEngine, Parameters, Row } from './engine.js';
import { toPositionalPlaceholders } from './placeholders.js';

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

  constructor(private readonly database: Database.Database) {}

  // Synchronous, as the driver is: the Database handle (database.ts) passes plain values on.
  query(sql: string, parameters: Parameters): Row[] {
    const [statement, values] = this.prepare(sql, parameters);
    // A statement without a result (an INSERT given to query) runs and yields no rows.
    if (!statement.reader) {
      statement.run(...values);
      return [];
    }
    return statement.all(...values) as Row[];
  }

  queryOne(sql: string, parameters: Parameters): Row | undefined {
    const [statement, values] = this.prepare(sql, parameters);
    if (!statement.reader) {
      statement.run(...values);
      return undefined;
    }
    return statement.get(...values) as Row | undefined;
  }

  execute(sql: string, parameters: Parameters): number {
    const [statement, values] = this.prepare(sql, parameters);
    if (statement.reader) {
      statement.all(...values);
      return 0;
    }
    return statement.run(...values).changes;
  }

  begin(): Promise<void> {
    this.database.exec('BEGIN');
    return Promise.resolve();
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

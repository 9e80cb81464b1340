/**
 * What a database engine does for `std.db`, whatever it is (SQLite or PostgreSQL): run a
 * statement with bound parameters, and open, commit or roll back one transaction. Failures
 * come out as the engine's own errors; the Database handle (database.ts) turns them into
 * E402/E403 with the engine's reason.
 */
export type Row = Record<string, unknown>;

/** Bound parameters: a list by position, or a dict by name (SQLite `:name`). */
export type Parameters = readonly unknown[] | Readonly<Record<string, unknown>>;

export interface DbEngine {
  /** `postgres` or `sqlite`, for messages. */
  readonly kind: string;
  query(sql: string, parameters: Parameters): Promise<Row[]>;
  /** The first row, or undefined; the engine may stop reading after it. */
  queryOne(sql: string, parameters: Parameters): Promise<Row | undefined>;
  /** Rows changed by the statement. */
  execute(sql: string, parameters: Parameters): Promise<number>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a database engine does for `std.db`, whatever it is (SQLite or PostgreSQL): run a
 * statement with bound parameters, and open, commit or roll back one transaction. Failures
 * come out as the engine's own errors; the Database handle (database.ts) turns them into
 * E402/E403 with the engine's reason.
 */
export type Row = Record<string, unknown>;

/**
 * The connection under a statement was lost; the message says why (the server's reason when it
 * gave one). `outcomeUnknown` when the server may have run the statement (or the COMMIT) before
 * the connection went: the answer was lost, not the work.
 */
export class ConnectionLost extends Error {
  constructor(
    message: string,
    readonly outcomeUnknown: boolean,
  ) {
    super(message);
  }
}

/** Bound parameters: a list by position, or a dict by name (SQLite `:name`). */
export type Parameters = readonly unknown[] | Readonly<Record<string, unknown>>;

/**
 * A statement's result: a value from an engine that runs statements synchronously (SQLite,
 * whose driver is synchronous: no promise to allocate and await per call, which is most of
 * what Loom adds to a small query), a promise from one that does not (PostgreSQL).
 */
export type Outcome<T> = T | Promise<T>;

export interface DbEngine {
  /** `postgres` or `sqlite`, for messages. */
  readonly kind: string;
  query(sql: string, parameters: Parameters): Outcome<Row[]>;
  /** The first row, or undefined; the engine may stop reading after it. */
  queryOne(sql: string, parameters: Parameters): Outcome<Row | undefined>;
  /** Rows changed by the statement. */
  execute(sql: string, parameters: Parameters): Outcome<number>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

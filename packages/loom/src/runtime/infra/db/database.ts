/**
 * An open database: the handle `db NAME = connect(...)` and `std.db.connect(...)` give, whose
 * methods are the std.db functions. It owns the transaction state, so that the error codes
 * mean one thing on every engine: outside a transaction a failing statement is E402; inside
 * `begin … commit` it rolls the transaction back and is E403, and the connection stays usable.
 * Messages carry the engine's reason and the start of the statement, never parameter values.
 */
import { isAbsolute, resolve } from 'node:path';
import { LoomError } from '../../../errors.js';
import { ResourceHandle } from '../../core/resource-handle.js';
import { withoutCredentials } from '../redacted-url.js';
import { ConnectionLost } from './engine.js';
import type { DbEngine, Outcome, Parameters, Row } from './engine.js';
import { openSqliteFile } from '../sqlite-busy.js';
import { CONNECT_TIMEOUT, settingOf, sqliteLocation, STATEMENT_ANSWER_GRACE_MS, STATEMENT_TIMEOUT, TCP_KEEPALIVE_IDLE_MS } from './url-settings.js';

const SQLITE_SCHEME = 'sqlite://';
const POSTGRES_URL = /^postgres(ql)?:\/\//;
const MEMORY = ':memory:';
const STATEMENT_PREVIEW_CHARS = 60;
const MS_PER_SECOND = 1000;

function preview(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length <= STATEMENT_PREVIEW_CHARS ? flat : `${flat.slice(0, STATEMENT_PREVIEW_CHARS)}…`;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Database extends ResourceHandle {
  readonly namespace = 'db';
  private inTransaction = false;
  private closed = false;

  constructor(
    private readonly engine: DbEngine,
    readonly location: string,
  ) {
    super();
  }

  query(sql: string, parameters: Parameters): Outcome<Row[]> {
    return this.statement(sql, () => this.engine.query(sql, parameters));
  }

  queryOne(sql: string, parameters: Parameters): Outcome<Row | undefined> {
    return this.statement(sql, () => this.engine.queryOne(sql, parameters));
  }

  execute(sql: string, parameters: Parameters): Outcome<number> {
    return this.statement(sql, () => this.engine.execute(sql, parameters));
  }

  async begin(): Promise<void> {
    this.open();
    if (this.inTransaction) throw new LoomError('E403', `a transaction is already open on ${this.location}; commit or roll it back first`);
    try {
      await this.engine.begin();
    } catch (error) {
      throw new LoomError('E403', `cannot begin a transaction on ${this.location}: ${reason(error)}`);
    }
    this.inTransaction = true;
  }

  async commit(): Promise<void> {
    this.open();
    if (!this.inTransaction) throw new LoomError('E403', `no transaction is open on ${this.location}`);
    this.inTransaction = false;
    try {
      await this.engine.commit();
    } catch (error) {
      await this.engine.rollback().catch(() => undefined);
      // A COMMIT whose answer was lost may have committed: saying "rolled back" would be a guess.
      if (error instanceof ConnectionLost && error.outcomeUnknown) throw new LoomError('E403', `commit outcome unknown: ${reason(error)}`);
      throw new LoomError('E403', `transaction rolled back: commit failed: ${reason(error)}`);
    }
  }

  async rollback(): Promise<void> {
    this.open();
    if (!this.inTransaction) return;
    this.inTransaction = false;
    await this.engine.rollback();
  }

  /**
   * The block form: `body` runs inside a transaction that commits when it returns and rolls
   * back when it raises anything; the error is E403 naming the cause.
   */
  async transaction(body: () => Promise<unknown>): Promise<unknown> {
    await this.begin();
    let result: unknown;
    try {
      result = await body();
    } catch (error) {
      if (this.inTransaction) await this.rollback();
      if (error instanceof LoomError && error.code === 'E403') throw error;
      throw new LoomError('E403', `transaction rolled back: ${reason(error)}`, undefined, { cause: error });
    }
    if (this.inTransaction) await this.commit();
    return result;
  }

  loomDisplay(): string {
    return `<db ${this.location}>`;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.inTransaction) await this.engine.rollback().catch(() => undefined);
    await this.engine.close();
  }

  private open(): void {
    if (this.closed) throw new LoomError('E401', `the database ${this.location} is closed`);
  }

  /**
   * Runs a statement; a synchronous engine's result comes back as it is (see Outcome), and a
   * failure either way is a rejected promise with E402, or E403 after the rollback.
   */
  private statement<T>(sql: string, run: () => Outcome<T>): Outcome<T> {
    let outcome: Outcome<T>;
    try {
      this.open();
      outcome = run();
    } catch (error) {
      return this.failed(sql, error);
    }
    return outcome instanceof Promise ? outcome.catch((error: unknown) => this.failed(sql, error)) : outcome;
  }

  private async failed(sql: string, error: unknown): Promise<never> {
    if (error instanceof LoomError) throw error;
    if (!this.inTransaction) throw new LoomError('E402', `${reason(error)} (in: ${preview(sql)})`);
    this.inTransaction = false;
    await this.engine.rollback().catch(() => undefined);
    throw new LoomError('E403', `transaction rolled back: ${reason(error)} (in: ${preview(sql)})`);
  }
}

/**
 * Connects to `url`: `sqlite://PATH[?busy_timeout=MS]` (relative to the project root;
 * `sqlite://:memory:`), a bare PATH, or
 * `postgres://user[:password]@host[:port]/db[?connect_timeout=N&statement_timeout=MS]`
 * (url-settings.ts). E401 when a setting is wrong, the SQLite path's directory does not exist
 * (it is never created), the server refuses, or it does not answer within the connect timeout.
 */
export async function connectDatabase(url: string, projectRoot: string): Promise<Database> {
  const location = withoutCredentials(url);
  try {
    if (POSTGRES_URL.test(url)) return new Database(await connectPostgres(url), location);
    const { path, busyTimeoutMs } = sqliteLocation(url.startsWith(SQLITE_SCHEME) ? url.slice(SQLITE_SCHEME.length) : url);
    return new Database(await openSqlite(path === MEMORY || path === '' ? MEMORY : isAbsolute(path) ? path : resolve(projectRoot, path), busyTimeoutMs), location);
  } catch (error) {
    throw new LoomError('E401', `cannot connect to ${location}: ${reason(error)}`);
  }
}

async function openSqlite(path: string, busyTimeoutMs: number): Promise<DbEngine> {
  const { SqliteEngine } = await import('./sqlite-engine.js');
  return new SqliteEngine(await openSqliteFile(path, busyTimeoutMs), busyTimeoutMs);
}

async function connectPostgres(url: string): Promise<DbEngine> {
  const settings = new URL(url).searchParams;
  const timeoutSeconds = settingOf(settings, CONNECT_TIMEOUT);
  const statementTimeoutMs = settingOf(settings, STATEMENT_TIMEOUT);
  const { default: pg } = await import('pg');
  const { PostgresEngine, numericTypes } = await import('./postgres-engine.js');
  const pool = new pg.Pool({
    connectionString: url,
    types: numericTypes(pg.types),
    // pg reads no connect_timeout from the URL (only libpq does): it is given as the pool's
    // option, which bounds every new connection, and the wait for a free one when all are busy.
    connectionTimeoutMillis: timeoutSeconds * MS_PER_SECOND,
    // The server cancels a statement past the timeout; the program stops waiting a little
    // later, for a network that went silent (no answer, and no reset to say so).
    ...(statementTimeoutMs === 0 ? {} : { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + STATEMENT_ANSWER_GRACE_MS }),
    keepAlive: true,
    keepAliveInitialDelayMillis: TCP_KEEPALIVE_IDLE_MS,
  });
  const engine = new PostgresEngine(pool, statementTimeoutMs);
  // Connect now, so a wrong URL or a refusing server is E401 at connect, not at the first query.
  try {
    await engine.probe();
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof Error && /timeout/i.test(error.message)) throw new Error(`the server did not answer within ${timeoutSeconds} s (${CONNECT_TIMEOUT.name})`);
    throw error;
  }
  return engine;
}

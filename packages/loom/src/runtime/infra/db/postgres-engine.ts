/**
 * PostgreSQL through a `pg` pool. Outside a transaction each statement takes any pooled
 * connection; `begin` reserves one connection until `commit` or `rollback`, since a
 * transaction lives on one connection. `?` placeholders are rewritten to `$n`. 64-bit
 * integers (COUNT(*), BIGSERIAL ids) and NUMERIC come back as numbers rather than the strings
 * pg gives by default, so they print as `3`, not `"3"`; an integer beyond 2^53 stays text so
 * no digit is lost.
 *
 * A connection the server ends (`pg_terminate_backend`, a restart, a crash of another
 * backend) must never end the program: pg reports it as an 'error' event, which Node turns
 * into a crash when nobody listens, so the pool and every client it makes get a listener. The
 * pool then drops the dead connection and opens a new one on demand. A statement outside a
 * transaction that the server ended before it took effect runs once more on a fresh
 * connection; inside a transaction the loss is the transaction's (the server rolled it back).
 *
 * A network that goes silent (packets dropped, no reset) gives no error at all: a statement
 * would wait for its answer for ever. So the server cancels a statement that runs past the
 * statement timeout, and pg gives up waiting a little after it (query_timeout, set by
 * database.ts); such a connection is then taken for gone and closed, never lent again, and the
 * statement may or may not have taken effect.
 */
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { ConnectionLost } from './engine.js';
import type { DbEngine, Parameters, Row } from './engine.js';
import { toNumberedPlaceholders } from './placeholders.js';
import { STATEMENT_ANSWER_GRACE_MS, STATEMENT_TIMEOUT } from './url-settings.js';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/**
 * SQLSTATEs of a server ending the session (admin_shutdown, crash_shutdown, cannot_connect_now):
 * it answers the statement it was running with one of them, having rolled that statement back.
 */
const SESSION_ENDED_BY_SERVER: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03']);
/** pg's words for a client whose connection already failed: the statement was never sent. */
const NOT_SENT = /not queryable/;
/** pg's words when no answer came within query_timeout. */
const UNANSWERED = /^Query read timeout$/;
/** Attempts of a statement outside a transaction whose connection the server ended: the first and one on a fresh connection. */
const STATEMENT_ATTEMPTS = 2;
/** Attempts to open a transaction: BEGIN changes nothing, so a dead connection costs one more try. */
const BEGIN_ATTEMPTS = 2;

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether the failure is certain to have left the database unchanged, so running the statement again is safe. */
function neverApplied(error: unknown): boolean {
  const state = sqlState(error);
  return (state !== undefined && SESSION_ENDED_BY_SERVER.has(state)) || (error instanceof Error && NOT_SENT.test(error.message));
}

function unanswered(error: unknown): boolean {
  return error instanceof Error && UNANSWERED.test(error.message);
}

function isLostConnection(error: unknown): boolean {
  return neverApplied(error) || unanswered(error) || (error instanceof Error && /Connection terminated|ECONNRESET|EPIPE|ECONNREFUSED/i.test(`${error.message} ${sqlState(error) ?? ''}`));
}

/** The type parsers of a pool: numbers for int8 and numeric, pg's defaults for the rest. */
export function numericTypes(defaults: { getTypeParser: (oid: number, format?: 'text' | 'binary') => unknown }) {
  return {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID) return (text: string) => (Number.isSafeInteger(Number(text)) ? Number(text) : text);
      if (oid === NUMERIC_OID) return (text: string) => Number(text);
      return defaults.getTypeParser(oid, format);
    },
  };
}

function values(parameters: Parameters): unknown[] {
  if (!Array.isArray(parameters)) throw new Error('PostgreSQL takes parameters as a list ($1, $2, ... or ?), not a dict');
  return parameters.map((value: unknown) => (typeof value === 'object' && value !== null && !(value instanceof Date) ? JSON.stringify(value) : value));
}

export class PostgresEngine implements DbEngine {
  readonly kind = 'postgres';
  private transaction: PoolClient | undefined;
  /**
   * Why a connection failed, for the next statement's message: the first reason is the server's
   * own (57P01 …); pg follows it with "terminated unexpectedly". Kept for every connection, not
   * only the transaction's: the server's word may be read in the same turn as BEGIN's answer,
   * before the connection is known to be the transaction's. A failed connection is never lent
   * again, so a reason never outlives its transaction.
   */
  private readonly failures = new WeakMap<PoolClient, Error>();

  constructor(
    private readonly pool: Pool,
    /** The URL's statement_timeout, for messages. */
    private readonly statementTimeoutMs: number,
  ) {
    // An idle pooled connection that fails is dropped by the pool; the event only needs a listener.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', (error: Error) => {
        if (!this.failures.has(client)) this.failures.set(client, error);
      });
    });
  }

  /** Opens one connection and gives it back, so a wrong URL or an unreachable server fails at connect. */
  async probe(): Promise<void> {
    const client = await this.pool.connect();
    client.release();
  }

  async query(sql: string, parameters: Parameters): Promise<Row[]> {
    return (await this.run(sql, parameters)).rows;
  }

  async queryOne(sql: string, parameters: Parameters): Promise<Row | undefined> {
    return (await this.run(sql, parameters)).rows[0];
  }

  async execute(sql: string, parameters: Parameters): Promise<number> {
    return (await this.run(sql, parameters)).rowCount ?? 0;
  }

  async begin(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        this.transaction = client;
        return;
      } catch (error) {
        // A failed connection goes back with its error, so the pool closes it instead of lending it again.
        client.release(isLostConnection(error) ? (error as Error) : undefined);
        if (attempt >= BEGIN_ATTEMPTS || !neverApplied(error)) throw this.lost(error);
      }
    }
  }

  async commit(): Promise<void> {
    await this.finish('COMMIT');
  }

  async rollback(): Promise<void> {
    if (this.transaction !== undefined) await this.finish('ROLLBACK');
  }

  async close(): Promise<void> {
    this.transaction?.release();
    this.transaction = undefined;
    await this.pool.end();
  }

  private async run(sql: string, parameters: Parameters): Promise<{ rows: QueryResultRow[]; rowCount: number | null }> {
    const text = toNumberedPlaceholders(sql);
    const bound = values(parameters);
    const client = this.transaction;
    if (client !== undefined) {
      try {
        return await client.query(text, bound);
      } catch (error) {
        // Still waiting for its answer, the connection cannot even roll back: it is closed now,
        // and the server rolls the transaction back when it notices.
        if (unanswered(error)) this.abandonTransaction(error as Error);
        // Whatever failed the connection while the transaction held it, before or during this statement.
        throw this.lostOn(this.failures.get(client), error);
      }
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        // pool.query gives a failed connection back with its error, so the retry gets a fresh one.
        return await this.pool.query(text, bound);
      } catch (error) {
        if (attempt >= STATEMENT_ATTEMPTS || !neverApplied(error)) throw this.lost(error);
      }
    }
  }

  private async finish(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const client = this.transaction;
    this.transaction = undefined;
    if (client === undefined) return;
    // A failure from now on is the COMMIT's own, whose answer may have been lost after it took effect.
    const failedBefore = this.failures.get(client);
    try {
      await client.query(command);
      client.release();
    } catch (error) {
      // A connection that failed to end its transaction is not handed to the next statement.
      client.release(error as Error);
      throw this.lostOn(failedBefore, error);
    }
  }

  /** The failure of a statement on the transaction's connection: the connection's own reason when it had failed already. */
  private lostOn(failure: Error | undefined, error: unknown): unknown {
    return failure === undefined ? this.lost(error) : new ConnectionLost(`the connection was lost: ${failure.message}`, false);
  }

  private abandonTransaction(error: Error): void {
    this.transaction?.release(error);
    this.transaction = undefined;
  }

  /** A lost connection as ConnectionLost, with what is known about the statement; any other error as it is. */
  private lost(error: unknown): unknown {
    if (!isLostConnection(error)) return error;
    if (unanswered(error)) {
      return new ConnectionLost(
        `the server did not answer within the statement timeout (${this.statementTimeoutMs} ms, ${STATEMENT_TIMEOUT.name}) and ${STATEMENT_ANSWER_GRACE_MS} ms more: ` +
          'the connection was given up, so the statement may or may not have taken effect',
        true,
      );
    }
    const message = (error as Error).message;
    // Without the server's word the statement may have run before the connection went.
    return neverApplied(error)
      ? new ConnectionLost(`the connection was lost: ${message}`, false)
      : new ConnectionLost(`the connection was lost before the server answered, so the statement may or may not have taken effect: ${message}`, true);
  }
}

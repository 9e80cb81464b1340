/**
 * PostgreSQL through a `pg` pool. Outside a transaction each statement takes any pooled
 * connection; `begin` reserves one connection until `commit` or `rollback`, since a
 * transaction lives on one connection. `?` placeholders are rewritten to `$n`. 64-bit
 * integers (COUNT(*), BIGSERIAL ids) and NUMERIC come back as numbers rather than the strings
 * pg gives by default, so they print as `3`, not `"3"`; an integer beyond 2^53 stays text so
 * no digit is lost.
 */
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { DbEngine, Parameters, Row } from './engine.js';
import { toNumberedPlaceholders } from './placeholders.js';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

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

  constructor(private readonly pool: Pool) {}

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
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
    } catch (error) {
      client.release();
      throw error;
    }
    this.transaction = client;
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

  private run(sql: string, parameters: Parameters): Promise<{ rows: QueryResultRow[]; rowCount: number | null }> {
    return (this.transaction ?? this.pool).query(toNumberedPlaceholders(sql), values(parameters));
  }

  private async finish(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const client = this.transaction;
    this.transaction = undefined;
    if (client === undefined) return;
    try {
      await client.query(command);
      client.release();
    } catch (error) {
      // A connection that failed to end its transaction is not handed to the next statement.
      client.release(error as Error);
      throw error;
    }
  }
}

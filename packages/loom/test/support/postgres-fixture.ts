/**
 * What the PostgreSQL fault tests share: an admin connection of the test file's own, beside the
 * program's, to watch and end the program's connections (pg_stat_activity,
 * pg_terminate_backend); tables named per run and dropped after the file; and a relay in front
 * of the real server that fails on cue (faulty-relay.ts), with the program's URL through it.
 */
import { after, before } from 'node:test';
import pg from 'pg';
import { startFaultyRelay } from './faulty-relay.js';
import type { FaultyRelay } from './faulty-relay.js';
import { POSTGRES_URL, postgresSkip, uniqueName } from './services.js';

const POSTGRES_DEFAULT_PORT = 5432;

export interface PostgresFixture {
  /** The admin connection, open while the file's tests run. */
  admin(): pg.Client;
  /** A table name of this run (`loomtest_<label>_<hex>`), dropped once the file's tests are done. */
  table(label: string): string;
}

/**
 * Opens the admin connection before the file's tests and closes it after them, dropping the
 * tables handed out; nothing when PostgreSQL is not installed (the tests skip then).
 */
export function postgresFixture(): PostgresFixture {
  let client: pg.Client | undefined;
  const tables: string[] = [];
  before(async () => {
    if (postgresSkip !== false) return;
    client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
  });
  after(async () => {
    if (client === undefined) return;
    for (const table of tables) await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  });
  return {
    admin: () => {
      if (client === undefined) throw new Error('the admin connection is open only while the tests run');
      return client;
    },
    table: (label) => {
      const name = uniqueName(label);
      tables.push(name);
      return name;
    },
  };
}

/**
 * Runs `use` with a relay in front of the test server and the URL of a connection through it,
 * with `parameters` (`application_name=…&statement_timeout=…`) after the `?`; closes the relay
 * after.
 */
export async function withPostgresRelay<T>(parameters: string, use: (relay: FaultyRelay, url: string) => Promise<T>): Promise<T> {
  const target = new URL(POSTGRES_URL);
  const relay = await startFaultyRelay(Number(target.port || POSTGRES_DEFAULT_PORT), target.hostname);
  try {
    return await use(relay, `postgres://${target.username}@127.0.0.1:${relay.port}${target.pathname}?${parameters}`);
  } finally {
    await relay.close();
  }
}

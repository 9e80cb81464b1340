/**
 * Ends a program's PostgreSQL connection from a second one, as an operator or a failover does,
 * at the moment the test wants: the program's connections carry an `application_name` of
 * their own (in their URL), and pg_stat_activity shows what each is doing.
 */
import type pg from 'pg';

const POLL_MS = 20;
const WAIT_LIMIT_MS = 15_000;

/** Waits until a connection of `application` is in `state` (and its query is `running`, when given); their pids. */
export async function waitUntil(client: pg.Client, application: string, state: string, running?: string): Promise<number[]> {
  const started = Date.now();
  for (;;) {
    const found = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND state = $2 AND ($3::text IS NULL OR query LIKE $3)',
      [application, state, running === undefined ? null : `%${running}%`],
    );
    if (found.rows.length > 0) return found.rows.map(({ pid }) => pid);
    if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`no connection of ${application} was ever ${state}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits until a connection of `application` is in `state` (and running `running`, when given), then ends it. */
export async function terminateWhen(client: pg.Client, application: string, state: string, running?: string): Promise<void> {
  for (const pid of await waitUntil(client, application, state, running)) await client.query('SELECT pg_terminate_backend($1)', [pid]);
}

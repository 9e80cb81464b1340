/**
 * A PostgreSQL statement never waits for ever. The server cancels one that runs past the
 * statement timeout (`?statement_timeout=MS`, 30 s by default), and the connection goes on; when
 * the network goes silent — packets dropped, no reset, so no error ever comes — the program
 * stops waiting shortly after the timeout and gives the connection up: E402 outside a
 * transaction, E403 inside one (a COMMIT's outcome is then unknown). The silence is a relay
 * between the program and the real server that stops passing anything. Connections carry TCP
 * keepalive, which `ss` shows as their timer.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { runSource } from '../run-source.js';
import { waitUntil } from '../../support/postgres-terminate.js';
import { postgresFixture, withPostgresRelay } from '../../support/postgres-fixture.js';
import { POSTGRES_URL, postgresSkip, uniqueName } from '../../support/services.js';

const STATEMENT_TIMEOUT_MS = 500;
/** What the program waits past the timeout before it gives the connection up. */
const ANSWER_GRACE_MS = 1000;

const postgres = postgresFixture();

/** The parameters of the program's URL: the short statement timeout, and a name to find its connections by. */
function parameters(application: string): string {
  return `statement_timeout=${STATEMENT_TIMEOUT_MS}&application_name=${application}`;
}

/**
 * Runs `program` with `db app` connected through a relay, and silences the relay once the
 * program's connection is in `state`: what the program sends next is never answered.
 */
function runSilencedWhen(program: string, state: string, running?: string): Promise<{ stdout: string; stderr: string; elapsedMs: number }> {
  const application = uniqueName('app');
  return withPostgresRelay(parameters(application), async (relay, url) => {
    const started = performance.now();
    const run = runSource(`db app = connect("${url}")\n${program}`);
    await waitUntil(postgres.admin(), application, state, running);
    relay.goSilent();
    const { stdout, stderr } = await run;
    return { stdout, stderr, elapsedMs: performance.now() - started };
  });
}

const GIVEN_UP = `the server did not answer within the statement timeout (${STATEMENT_TIMEOUT_MS} ms, statement_timeout) and ${ANSWER_GRACE_MS} ms more: the connection was given up, so the statement may or may not have taken effect`;

describe('a PostgreSQL statement that gets no answer', { skip: postgresSkip }, () => {
  test('the server cancels a statement past ?statement_timeout: E402, and the connection goes on', async () => {
    const run = await runSource(`
db app = connect("${POSTGRES_URL}?statement_timeout=300")
flow main {
  try { app.query("SELECT pg_sleep(5)") } catch (e) { print(e.code, e.message) }
  app.begin()
  try { app.query("SELECT pg_sleep(5)") } catch (e) { print(e.code, e.message) }
  print(app.query_one("SELECT 1 AS n"))
}`);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, [
      'E402 canceling statement due to statement timeout (in: SELECT pg_sleep(5))',
      'E403 transaction rolled back: canceling statement due to statement timeout (in: SELECT pg_sleep(5))',
      '{"n": 1}',
      '',
    ].join('\n'));
  });

  test('outside a transaction, on a network gone silent: E402 soon after the timeout, not a hang', async () => {
    const result = await runSilencedWhen(`
flow main {
  print(app.query_one("SELECT 1 AS n"))
  sleep_ms(300)
  try { app.execute("SELECT 2") } catch (e) { print(e.code, e.message) }
  print("the program goes on")
}`, 'idle', 'SELECT 1 AS n');
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, `{"n": 1}\nE402 ${GIVEN_UP} (in: SELECT 2)\nthe program goes on\n`);
    assert.ok(result.elapsedMs < 10_000, `the run took ${result.elapsedMs.toFixed(0)} ms`);
  });

  test('inside begin … commit, on a network gone silent: E403 for a statement, "commit outcome unknown" for the commit', async () => {
    const rows = postgres.table('silent');
    await postgres.admin().query(`CREATE TABLE ${rows} (n INTEGER)`);
    const statement = await runSilencedWhen(`
flow main {
  app.begin()
  app.execute("INSERT INTO ${rows} VALUES (1)")
  sleep_ms(300)
  try { app.execute("INSERT INTO ${rows} VALUES (2)") } catch (e) { print(e.code, e.message) }
}`, 'idle in transaction', 'VALUES (1)');
    assert.equal(statement.stderr, '');
    assert.equal(statement.stdout, `E403 transaction rolled back: ${GIVEN_UP} (in: INSERT INTO ${rows} VALUES (2))\n`);

    const commit = await runSilencedWhen(`
flow main {
  app.begin()
  app.execute("INSERT INTO ${rows} VALUES (3)")
  sleep_ms(300)
  try { app.commit() } catch (e) { print(e.code, e.message) }
}`, 'idle in transaction', 'VALUES (3)');
    assert.equal(commit.stderr, '');
    assert.equal(commit.stdout, `E403 commit outcome unknown: ${GIVEN_UP}\n`);
  });

  test('a wrong statement_timeout is E401 at connect', async () => {
    const run = await runSource(`db app = connect("${POSTGRES_URL}?statement_timeout=soon")`);
    assert.match(run.stderr, /^DatabaseError: cannot connect to .*: statement_timeout must be a whole number of milliseconds \(0 waits for ever\), got 'soon'\n/);
  });

  test('the connections carry TCP keepalive', async () => {
    const application = uniqueName('app');
    await withPostgresRelay(parameters(application), async (relay, url) => {
      const run = runSource(`db app = connect("${url}")\nflow main {\n  app.query("SELECT 1")\n  sleep_ms(1500)\n}`);
      await waitUntil(postgres.admin(), application, 'idle');
      // The program's end of its connection to the relay: a keepalive timer runs on it.
      const sockets = execFileSync('ss', ['-tnoH', 'state', 'established', 'dst', `127.0.0.1:${relay.port}`], { encoding: 'utf8' });
      await run;
      assert.match(sockets, /timer:\(keepalive,/, sockets);
    });
  });
});

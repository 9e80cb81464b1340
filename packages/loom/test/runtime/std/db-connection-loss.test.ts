/**
 * A PostgreSQL server that ends the program's connection (`pg_terminate_backend` from a
 * second connection, as an operator or a failover does) never ends the program: inside a
 * transaction the loss is E403 at the next statement or at the commit, and the transaction
 * was rolled back; outside one, a statement the server ended runs once more on a fresh
 * connection. Either way the pool replaces the connection and the program goes on. The
 * program's connections are found by an `application_name` of their own in the URL.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runSource } from '../run-source.js';
import { terminateWhen, waitUntil } from '../../support/postgres-terminate.js';
import { postgresFixture, withPostgresRelay } from '../../support/postgres-fixture.js';
import { POSTGRES_URL, postgresSkip, uniqueName } from '../../support/services.js';

const postgres = postgresFixture();

/**
 * Runs `program` with `db app` on a connection of its own, and ends that connection from the
 * admin one once pg_stat_activity shows it in `state` (running `running`, when given).
 */
async function runEndingConnection(program: string, state: string, running?: string): ReturnType<typeof runSource> {
  const application = uniqueName('app');
  const run = runSource(`db app = connect("${POSTGRES_URL}?application_name=${application}")\n${program}`);
  await terminateWhen(postgres.admin(), application, state, running);
  return run;
}

/**
 * Runs `program` with `db app` connected through a relay that can swallow a reply, and drops
 * the next reply once the connection is in `state` running `running`: the reply lost is the
 * answer to what the program sends next.
 */
function runLosingReply(program: string, state: string, running: string): ReturnType<typeof runSource> {
  const application = uniqueName('app');
  return withPostgresRelay(`application_name=${application}`, async (relay, url) => {
    const run = runSource(`db app = connect("${url}")\n${program}`);
    await waitUntil(postgres.admin(), application, state, running);
    relay.dropNextReply();
    return run;
  });
}

describe('a PostgreSQL connection the server ends', { skip: postgresSkip }, () => {
  test('inside begin … commit: E403 at the next statement, rolled back, and the next statements run on a new connection', async () => {
    const rows = postgres.table('lost');
    // Idle in a transaction after its first INSERT (it is also idle, briefly, between BEGIN and that INSERT).
    const result = await runEndingConnection(`
flow main {
  app.execute("CREATE TABLE ${rows} (n INTEGER)")
  app.begin()
  app.execute("INSERT INTO ${rows} VALUES (1)")
  sleep_ms(1500)
  try {
    app.execute("INSERT INTO ${rows} VALUES (2)")
    app.commit()
  } catch (e) {
    print(e.code, e.message)
  }
  print(app.query_one("SELECT COUNT(*) AS n FROM ${rows}"))
}`, 'idle in transaction', 'VALUES (1)');
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, `E403 transaction rolled back: the connection was lost: terminating connection due to administrator command (in: INSERT INTO ${rows} VALUES (2))\n{"n": 0}\n`);
  });

  test('ended by the server\'s own idle_in_transaction_session_timeout: E403 at the next statement, and the program goes on', async () => {
    const rows = postgres.table('lost');
    // A server setting given as a parameter of the URL, which goes to the driver.
    const result = await runSource(`db app = connect("${POSTGRES_URL}?idle_in_transaction_session_timeout=300")
flow main {
  app.execute("CREATE TABLE ${rows} (n INTEGER)")
  app.begin()
  app.execute("INSERT INTO ${rows} VALUES (1)")
  sleep_ms(1000)
  try { app.execute("INSERT INTO ${rows} VALUES (2)") } catch (e) { print(e.code, e.message) }
  print(app.query_one("SELECT COUNT(*) AS n FROM ${rows}"))
}`);
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, `E403 transaction rolled back: the connection was lost: terminating connection due to idle-in-transaction timeout (in: INSERT INTO ${rows} VALUES (2))\n{"n": 0}\n`);
  });

  test('at the commit and in the block form transaction(fn): E403, rolled back', async () => {
    const rows = postgres.table('lost');
    // Idle in a transaction after its first INSERT (it is also idle, briefly, between BEGIN and that INSERT).
    const result = await runEndingConnection(`
flow main {
  app.execute("CREATE TABLE ${rows} (n INTEGER)")
  try {
    app.transaction(fn() {
      app.execute("INSERT INTO ${rows} VALUES (1)")
      sleep_ms(1500)
    })
  } catch (e) {
    print(e.code, e.message)
  }
  app.execute("INSERT INTO ${rows} VALUES (2)")
  print(app.query("SELECT n FROM ${rows}"))
}`, 'idle in transaction', 'VALUES (1)');
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, 'E403 transaction rolled back: commit failed: the connection was lost: terminating connection due to administrator command\n[{"n": 2}]\n');
  });

  test('during a statement outside a transaction: it runs once more on a fresh connection', async () => {
    const result = await runEndingConnection(`
flow main {
  print(app.query_one("SELECT pg_sleep(0.5)::text AS slept, 7 AS n")["n"])
  print(app.query_one("SELECT 8 AS n"))
}`, 'active', 'pg_sleep');
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, '7\n{"n": 8}\n');
  });

  test('during a statement inside a transaction: E403 at that statement', async () => {
    const result = await runEndingConnection(`
flow main {
  app.begin()
  try {
    app.query("SELECT pg_sleep(5)")
  } catch (e) {
    print(e.code, e.message)
  }
  print(app.query_one("SELECT 8 AS n"))
}`, 'active', 'pg_sleep');
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, 'E403 transaction rolled back: the connection was lost: terminating connection due to administrator command (in: SELECT pg_sleep(5))\n{"n": 8}\n');
  });

  test('a statement whose reply is lost without the server\'s word is E402, not run twice', async () => {
    const rows = postgres.table('lost');
    await postgres.admin().query(`CREATE TABLE ${rows} (n INTEGER)`);
    // Armed while the statement runs: its answer is the next thing the server sends.
    const result = await runLosingReply(`
flow main {
  try {
    app.execute("INSERT INTO ${rows} SELECT 1 FROM pg_sleep(0.5)")
  } catch (e) {
    print(e.code, e.message)
  }
  print(app.query_one("SELECT COUNT(*) AS n FROM ${rows}"))
}`, 'active', 'pg_sleep');
    assert.equal(result.stderr, '');
    const [failure, count] = result.stdout.split('\n');
    assert.match(failure, new RegExp(`^E402 the connection was lost before the server answered, so the statement may or may not have taken effect: Connection terminated unexpectedly \\(in: INSERT INTO ${rows} SELECT`));
    assert.equal(count, '{"n": 1}', 'the statement ran once, and was not sent again');
  });

  test('a COMMIT whose answer is lost is E403 saying the outcome is unknown, not "rolled back"', async () => {
    const rows = postgres.table('lost');
    await postgres.admin().query(`CREATE TABLE ${rows} (n INTEGER)`);
    // Armed while the transaction waits after its INSERT: the next thing the server sends is the COMMIT's answer.
    const result = await runLosingReply(`
flow main {
  app.begin()
  app.execute("INSERT INTO ${rows} VALUES (1)")
  sleep_ms(1000)
  try {
    app.commit()
  } catch (e) {
    print(e.code, e.message)
  }
  print(app.query_one("SELECT COUNT(*) AS n FROM ${rows}"))
}`, 'idle in transaction', 'VALUES (1)');
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, 'E403 commit outcome unknown: the connection was lost before the server answered, so the statement may or may not have taken effect: Connection terminated unexpectedly\n{"n": 1}\n');
  });

  test('ended right after BEGIN, its word read in the same turn as BEGIN\'s answer: the E403 still gives the server\'s reason', async () => {
    const application = uniqueName('app');
    await withPostgresRelay(`application_name=${application}`, async (relay, url) => {
      const admin = postgres.admin();
      // The pause lets the test hold the replies before BEGIN is sent.
      const run = runSource(`db app = connect("${url}")
flow main {
  sleep_ms(1000)
  app.begin()
  try { app.execute("SELECT 1") } catch (e) { print(e.code, e.message) }
}`);
      await waitUntil(admin, application, 'idle');
      relay.holdReplies();
      const [pid] = await waitUntil(admin, application, 'idle in transaction');
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // Once the backend is gone its last words are in the relay: BEGIN's answer, then 57P01.
      while ((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rows.length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      relay.releaseReplies();
      const result = await run;
      assert.equal(result.stderr, '');
      assert.equal(result.stdout, 'E403 transaction rolled back: the connection was lost: terminating connection due to administrator command (in: SELECT 1)\n');
    });
  });
});

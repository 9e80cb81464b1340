/**
 * `loom serve` outlives a PostgreSQL connection the server ends: the request whose
 * transaction lost its connection answers 500 with E403, and the process keeps serving every
 * route on new connections of its pool (before the fix it died of pg's unhandled 'error').
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { terminateWhen } from '../support/postgres-terminate.js';
import { POSTGRES_URL, postgresSkip, uniqueName } from '../support/services.js';
import { serve } from './serve-support.js';

const project = mkdtempSync(join(tmpdir(), 'loom-serve-db-'));
const rows = uniqueName('served');
const application = uniqueName('serve');

after(async () => {
  rmSync(project, { recursive: true, force: true });
  if (postgresSkip !== false) return;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`DROP TABLE IF EXISTS ${rows}`);
  await client.end();
});

const PROGRAM = `db app = connect("${POSTGRES_URL}?application_name=${application}")
app.execute("CREATE TABLE IF NOT EXISTS ${rows} (n INTEGER)")

server 8080 {
    route POST "/slow" => slow_insert
    route GET "/count" => count
}

flow slow_insert() {
    app.begin()
    app.execute("INSERT INTO ${rows} VALUES (1)")
    sleep_ms(1500)
    app.execute("INSERT INTO ${rows} VALUES (2)")
    app.commit()
    return {inserted: 2}
}
flow count() { return app.query_one("SELECT COUNT(*) AS n FROM ${rows}") }
`;

test('a served request whose transaction loses its connection answers 500 E403, and the server goes on', { skip: postgresSkip }, async () => {
  writeFileSync(join(project, 'main.nx'), PROGRAM);
  const served = await serve('main.nx', { cwd: project });
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    const slow = fetch(`${served.url}/slow`, { method: 'POST' });
    await terminateWhen(admin, application, 'idle in transaction');
    const answer = await slow;
    assert.equal(answer.status, 500);
    assert.deepEqual(await answer.json(), { error: { code: 'E403', message: 'the handler slow_insert failed' } });
    assert.match(served.stderr(), /DatabaseError: transaction rolled back: the connection was lost: terminating connection due to administrator command/);
    // Every route answers again, on a new connection; the lost transaction left nothing behind.
    const count = await fetch(`${served.url}/count`);
    assert.equal(count.status, 200);
    assert.deepEqual(await count.json(), { n: 0 });
    // A connection ended while idle in the pool is replaced too.
    await terminateWhen(admin, application, 'idle');
    const again = await fetch(`${served.url}/count`);
    assert.deepEqual(await again.json(), { n: 0 });
    assert.equal(served.child.exitCode, null, `loom serve ended: ${served.stderr()}`);
  } finally {
    await admin.end();
    assert.equal(await served.stop(), 0);
  }
});

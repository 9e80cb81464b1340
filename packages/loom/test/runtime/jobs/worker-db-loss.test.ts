/**
 * A `loom jobs work` worker outlives a PostgreSQL connection the server ends under a job: the
 * attempt whose transaction lost its connection fails with EB01 (naming the E403), the job is
 * retried by its policy and completes, and the worker goes on (before, pg's unhandled 'error'
 * ended the worker process).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { terminateWhen } from '../../support/postgres-terminate.js';
import { POSTGRES_URL, postgresSkip, uniqueName } from '../../support/services.js';
import { eventually, JobProject } from './job-project.js';

test('a worker whose job loses its PostgreSQL connection fails that attempt (EB01), retries it and goes on', { skip: postgresSkip, timeout: 60_000 }, async () => {
  const project = new JobProject('sqlite');
  const application = uniqueName('worker');
  const rows = uniqueName('worked');
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE TABLE ${rows} (n INTEGER)`);
    project.write('work.nx', `db app = connect("${POSTGRES_URL}?application_name=${application}")
job Record on "records" (retry: 2) {
    perform(n) {
        app.begin()
        app.execute("INSERT INTO ${rows} VALUES (?)", [n])
        sleep_ms(1000)
        app.execute("INSERT INTO ${rows} VALUES (?)", [n + 1])
        app.commit()
    }
}
`);
    const store = await project.queue();
    const id = await project.enqueue(store, 'Record', 'records', ['n'], { n: 1 });
    await store.close();
    const worker = await project.startWorker('work.nx', 1);
    await terminateWhen(admin, application, 'idle in transaction');
    await eventually('the job to complete', async () => (worker.stderr.includes(`completed`) ? true : undefined));
    assert.match(worker.stderr, /EB01.*failed on attempt 1 of 3: E403 transaction rolled back: the connection was lost: terminating connection due to administrator command/);
    assert.equal(worker.child.exitCode, null, `the worker ended: ${worker.stderr}`);
    const written = await admin.query<{ n: number }>(`SELECT n FROM ${rows} ORDER BY n`);
    assert.deepEqual(written.rows.map((row) => row.n), [1, 2], 'only the retried attempt wrote, once');
    assert.ok(id.length > 0);
  } finally {
    await admin.query(`DROP TABLE IF EXISTS ${rows}`);
    await admin.end();
    await project.cleanUp();
  }
});

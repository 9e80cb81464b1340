/**
 * `loom serve` while another process holds the write lock of a SQLite file the program uses —
 * a database, a key-value store, the job queue `.loom/jobs.db`: only the requests that use that
 * file wait; the other routes answer as fast as ever. A lock released within the busy timeout
 * lets the waiting request through; one held past it answers 500 in Loom's error shape: E402
 * (E403 for a transaction) for a database, E601 for a store, E105 for the job queue.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { holdWriteLock } from '../support/sqlite-lock-holder.js';
import { serve } from './serve-support.js';
import type { ServedProgram } from './serve-support.js';

/**
 * A fifth of the 5 s a synchronous busy wait stalled every route for: far above what a loaded
 * 2-core machine running the whole suite takes (measured up to 0.6 s for a first request), far
 * below the stall.
 */
const FAST_ANSWER_MS = 1000;
const QUICK_BUSY_TIMEOUT_MS = 600;
/**
 * The job queue's busy timeout, one for the whole server (LOOM_JOBS_URL): long enough for a
 * lock released after LOCK_HELD_MS, short enough for the test to wait it out.
 */
const JOBS_BUSY_TIMEOUT_MS = 2000;
/** How long a lock is held before it is released within the busy timeout. */
const LOCK_HELD_MS = 300;

const project = mkdtempSync(join(tmpdir(), 'loom-serve-busy-'));
let served: ServedProgram;

// `app` waits the default busy timeout; `quick` is the same file with a short one.
const PROGRAM = `db app = connect("sqlite://data.db")
db quick = connect("sqlite://data.db?busy_timeout=${QUICK_BUSY_TIMEOUT_MS}")
app.execute("CREATE TABLE IF NOT EXISTS items (n INTEGER)")
kv cache = open("sqlite://cache.db")
kv quick_cache = open("sqlite://cache.db?busy_timeout=${QUICK_BUSY_TIMEOUT_MS}")

job Note {
    perform(text) { print(text) }
}

server 8080 {
    route POST "/items" => add
    route POST "/quick/items" => add_quickly
    route POST "/quick/batch" => add_batch_quickly
    route GET "/hello" => hello
    route POST "/hits" => hit
    route POST "/quick/hits" => hit_quickly
    route POST "/notes" => note
}

flow add() {
    app.execute("INSERT INTO items VALUES (1)")
    return app.query_one("SELECT COUNT(*) AS n FROM items")
}
flow add_quickly() {
    quick.execute("INSERT INTO items VALUES (2)")
    return {added: 1}
}
flow add_batch_quickly() {
    quick.transaction(fn() {
        quick.execute("INSERT INTO items VALUES (3)")
        quick.execute("INSERT INTO items VALUES (4)")
    })
    return {added: 2}
}
flow hello() { return {hello: "world"} }
flow hit() { return {hits: cache.incr("hits")} }
flow hit_quickly() { return {hits: quick_cache.incr("hits")} }
flow note() {
    spawn Note("noted")
    return {queued: true}
}
`;

before(async () => {
  writeFileSync(join(project, 'main.nx'), PROGRAM);
  served = await serve('main.nx', { cwd: project, env: { LOOM_JOBS_URL: `sqlite:.loom/jobs.db?busy_timeout=${JOBS_BUSY_TIMEOUT_MS}` } });
  // The store's and the queue's files exist before anything locks them.
  assert.deepEqual(await (await fetch(`${served.url}/hits`, { method: 'POST' })).json(), { hits: 1 });
  assert.deepEqual(await (await fetch(`${served.url}/notes`, { method: 'POST' })).json(), { queued: true });
});

after(async () => {
  assert.equal(await served.stop(), 0);
  rmSync(project, { recursive: true, force: true });
});

/** GET /hello a few times while the lock is held: each answer's time in milliseconds. */
async function helloTimes(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const answer = await fetch(`${served.url}/hello`);
    assert.deepEqual(await answer.json(), { hello: 'world' });
    times.push(performance.now() - started);
  }
  return times;
}

test('a route using the locked database waits for the lock while the other routes answer at once', async (t) => {
  const lock = await holdWriteLock(join(project, 'data.db'));
  try {
    const started = performance.now();
    const waiting = fetch(`${served.url}/items`, { method: 'POST' });
    const times = await helloTimes(5);
    t.diagnostic(`GET /hello while the database was locked: ${times.map((time) => time.toFixed(1)).join(', ')} ms`);
    assert.ok(times.every((time) => time < FAST_ANSWER_MS), `GET /hello took ${times.map((time) => time.toFixed(0)).join(', ')} ms while the database was locked`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await lock.release();
    const answer = await waiting;
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { n: 1 });
    assert.ok(performance.now() - started >= 300, 'the insert waited for the lock');
  } finally {
    await lock.release();
  }
});

test('a lock held past the busy timeout: 500 E402 for a statement, E403 for a transaction, in Loom\'s shape', async () => {
  const lock = await holdWriteLock(join(project, 'data.db'));
  try {
    const started = performance.now();
    const statement = fetch(`${served.url}/quick/items`, { method: 'POST' });
    const batch = fetch(`${served.url}/quick/batch`, { method: 'POST' });
    const times = await helloTimes(3);
    assert.ok(times.every((time) => time < FAST_ANSWER_MS), `GET /hello took ${times.map((time) => time.toFixed(0)).join(', ')} ms while the database was locked`);
    const refused = await statement;
    assert.equal(refused.status, 500);
    assert.deepEqual(await refused.json(), { error: { code: 'E402', message: 'the handler add_quickly failed' } });
    assert.ok(performance.now() - started >= QUICK_BUSY_TIMEOUT_MS, 'the statement waited out its busy timeout');
    const rolledBack = await batch;
    assert.equal(rolledBack.status, 500);
    assert.deepEqual(await rolledBack.json(), { error: { code: 'E403', message: 'the handler add_batch_quickly failed' } });
    assert.match(served.stderr(), new RegExp(`DatabaseError: the database is locked by another connection, still after ${QUICK_BUSY_TIMEOUT_MS} ms \\(busy_timeout\\) \\(in: INSERT INTO items VALUES \\(2\\)\\)`));
    assert.match(served.stderr(), new RegExp(`DatabaseError: cannot begin a transaction on sqlite://data\\.db\\?busy_timeout=${QUICK_BUSY_TIMEOUT_MS}: the database is locked by another connection, still after ${QUICK_BUSY_TIMEOUT_MS} ms \\(busy_timeout\\)`));
  } finally {
    await lock.release();
  }
  // Once the lock is gone the same routes work again.
  const again = await fetch(`${served.url}/quick/batch`, { method: 'POST' });
  assert.deepEqual(await again.json(), { added: 2 });
});

/**
 * POSTs `requestPath` (whose handler needs the lock) while another process holds the write lock
 * of `path`, checks that GET /hello answers at once meanwhile, and gives the POST's answer and
 * the time it took. The lock is released after LOCK_HELD_MS when `releaseEarly`, else only once
 * the answer came: after the busy timeout.
 */
async function postWhileLocked(path: string, requestPath: string, releaseEarly: boolean): Promise<{ status: number; body: unknown; elapsedMs: number }> {
  const lock = await holdWriteLock(path);
  try {
    const started = performance.now();
    const waiting = fetch(`${served.url}${requestPath}`, { method: 'POST' });
    const times = await helloTimes(3);
    assert.ok(times.every((time) => time < FAST_ANSWER_MS), `GET /hello took ${times.map((time) => time.toFixed(0)).join(', ')} ms while ${path} was locked`);
    if (releaseEarly) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_HELD_MS));
      await lock.release();
    }
    const answer = await waiting;
    return { status: answer.status, body: await answer.json(), elapsedMs: performance.now() - started };
  } finally {
    await lock.release();
  }
}

test('a key-value store whose file is locked: its requests wait for the lock, the others answer at once; past the busy timeout 500 E601', async () => {
  const cache = join(project, 'cache.db');
  const waited = await postWhileLocked(cache, '/hits', true);
  assert.deepEqual([waited.status, waited.body], [200, { hits: 2 }]);
  assert.ok(waited.elapsedMs >= LOCK_HELD_MS, 'the incr waited for the lock');

  const refused = await postWhileLocked(cache, '/quick/hits', false);
  assert.deepEqual([refused.status, refused.body], [500, { error: { code: 'E601', message: 'the handler hit_quickly failed' } }]);
  assert.ok(refused.elapsedMs >= QUICK_BUSY_TIMEOUT_MS, 'the incr waited out its busy timeout');
  assert.match(served.stderr(), new RegExp(`KVError: the store sqlite://cache\\.db\\?busy_timeout=${QUICK_BUSY_TIMEOUT_MS} failed: the database is locked by another connection, still after ${QUICK_BUSY_TIMEOUT_MS} ms \\(busy_timeout\\)`));
  // Nothing was added while the lock held it out.
  assert.deepEqual(await (await fetch(`${served.url}/hits`, { method: 'POST' })).json(), { hits: 3 });
});

test('the job queue whose file is locked: an enqueue waits for the lock, the others answer at once; past the busy timeout 500 E105', async () => {
  const queue = join(project, '.loom', 'jobs.db');
  const waited = await postWhileLocked(queue, '/notes', true);
  assert.deepEqual([waited.status, waited.body], [200, { queued: true }]);
  assert.ok(waited.elapsedMs >= LOCK_HELD_MS, 'the enqueue waited for the lock');

  const refused = await postWhileLocked(queue, '/notes', false);
  assert.deepEqual([refused.status, refused.body], [500, { error: { code: 'E105', message: 'the handler note failed' } }]);
  assert.ok(refused.elapsedMs >= JOBS_BUSY_TIMEOUT_MS, 'the enqueue waited out its busy timeout');
  assert.match(served.stderr(), new RegExp(`RuntimeError: the job queue \\S+jobs\\.db failed: the database is locked by another connection, still after ${JOBS_BUSY_TIMEOUT_MS} ms \\(busy_timeout\\)`));
  // The worker of the server goes on: the notes enqueued before and after the lock are run.
  assert.deepEqual(await (await fetch(`${served.url}/notes`, { method: 'POST' })).json(), { queued: true });
  const deadline = Date.now() + 10_000;
  while ((served.stdout().match(/^noted$/gm) ?? []).length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal((served.stdout().match(/^noted$/gm) ?? []).length, 3, served.stdout());
});

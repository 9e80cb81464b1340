/**
 * `loom serve` while another process holds the write lock of the program's SQLite file: only
 * the requests that use the database wait; the other routes answer as fast as ever. A lock
 * released within the busy timeout lets the waiting request through; one held past it answers
 * 500 E402 (E403 for a transaction) in Loom's error shape.
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

const project = mkdtempSync(join(tmpdir(), 'loom-serve-busy-'));
let served: ServedProgram;

// `app` waits the default busy timeout; `quick` is the same file with a short one.
const PROGRAM = `db app = connect("sqlite://data.db")
db quick = connect("sqlite://data.db?busy_timeout=${QUICK_BUSY_TIMEOUT_MS}")
app.execute("CREATE TABLE IF NOT EXISTS items (n INTEGER)")

server 8080 {
    route POST "/items" => add
    route POST "/quick/items" => add_quickly
    route POST "/quick/batch" => add_batch_quickly
    route GET "/hello" => hello
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
`;

before(async () => {
  writeFileSync(join(project, 'main.nx'), PROGRAM);
  served = await serve('main.nx', { cwd: project });
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

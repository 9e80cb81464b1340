/**
 * A program (as `loom run` runs it) whose SQLite file another process has write-locked: a
 * statement waits for the lock without stopping the program's other work, runs once the lock
 * is released within the busy timeout (`?busy_timeout=MS`, 5 s by default), and is E402 —
 * E403 for `begin` and `transaction(fn)` — when it is still held after it.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import { runSource } from '../run-source.js';
import { holdWriteLock } from '../../support/sqlite-lock-holder.js';

const directory = mkdtempSync(join(tmpdir(), 'loom-db-busy-'));

after(() => rmSync(directory, { recursive: true, force: true }));

/** A database file with an empty table `items (n INTEGER)`. */
function databaseFile(name: string): string {
  const path = join(directory, name);
  const database = new Database(path);
  database.pragma('journal_mode = WAL');
  database.exec('CREATE TABLE items (n INTEGER)');
  database.close();
  return path;
}

test('a statement waits for the lock while a task of the program goes on, and runs once the lock is released', async () => {
  const path = databaseFile('released.db');
  const waiting = join(directory, 'waiting');
  const lock = await holdWriteLock(path);
  try {
    const run = runSource(`
db app = connect("sqlite://${path}")
flow main() {
  let ticks = spawn(fn() {
    for i in range(3) {
      sleep_ms(50)
      print("tick #{i}")
    }
  })
  std.fs.file_append(${JSON.stringify(waiting)}, "inserting")
  print(app.execute("INSERT INTO items VALUES (1)"))
  await ticks
  app.transaction(fn() { app.execute("INSERT INTO items VALUES (2)") })
  print(app.query_one("SELECT COUNT(*) AS n FROM items"))
}`, { env: { LOOM_ALLOW_FS: directory } });
    // Released once the program has waited a while for it.
    let ended = false;
    void run.finally(() => (ended = true));
    while (!existsSync(waiting) && !ended) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await lock.release();
    const { stdout, stderr } = await run;
    assert.equal(stderr, '');
    // The ticks came while the insert waited: the event loop was never blocked.
    assert.equal(stdout, 'tick 0\ntick 1\ntick 2\n1\n{"n": 2}\n');
  } finally {
    await lock.release();
  }
});

test('a lock held past ?busy_timeout is E402 for a statement, E403 for begin and transaction(fn)', async () => {
  const path = databaseFile('held.db');
  const lock = await holdWriteLock(path);
  try {
    const started = performance.now();
    const run = await runSource(`
db app = connect("sqlite://${path}?busy_timeout=300")
flow main() {
  try { app.execute("INSERT INTO items VALUES (1)") } catch (e) { print(e.code, e.message) }
  try { app.begin() } catch (e) { print(e.code, e.message) }
  try { app.transaction(fn() { app.execute("INSERT INTO items VALUES (2)") }) } catch (e) { print(e.code, e.message) }
  print(app.query_one("SELECT COUNT(*) AS n FROM items"))
}`);
    const elapsed = performance.now() - started;
    assert.equal(run.stderr, '');
    const locked = 'the database is locked by another connection, still after 300 ms (busy_timeout)';
    assert.equal(run.stdout, [
      `E402 ${locked} (in: INSERT INTO items VALUES (1))`,
      `E403 cannot begin a transaction on sqlite://${path}?busy_timeout=300: ${locked}`,
      `E403 cannot begin a transaction on sqlite://${path}?busy_timeout=300: ${locked}`,
      // Reading needs no lock in WAL mode.
      '{"n": 0}',
      '',
    ].join('\n'));
    assert.ok(elapsed >= 900, `three waits of 300 ms took ${elapsed.toFixed(0)} ms`);
  } finally {
    await lock.release();
  }
});

test('busy_timeout=0 does not wait; a wrong value or an unknown setting is E401 at connect', async () => {
  const path = databaseFile('settings.db');
  const lock = await holdWriteLock(path);
  try {
    const run = await runSource(`
db app = connect("sqlite://${path}?busy_timeout=0")
flow main() {
  try { app.execute("INSERT INTO items VALUES (1)") } catch (e) { print(e.code, e.message) }
}`);
    assert.equal(run.stdout, 'E402 the database is locked by another connection, still after 0 ms (busy_timeout) (in: INSERT INTO items VALUES (1))\n');
  } finally {
    await lock.release();
  }
  const wrong = await runSource(`db app = connect("sqlite://${path}?busy_timeout=soon")`);
  assert.match(wrong.stderr, /^DatabaseError: cannot connect to sqlite:\/\/\S+\?busy_timeout=soon: busy_timeout must be a whole number of milliseconds \(0 does not wait\), got 'soon'\n/);
  const unknown = await runSource(`db app = connect("sqlite://${path}?timeout=5")`);
  assert.match(unknown.stderr, /^DatabaseError: cannot connect to sqlite:\/\/\S+\?timeout=5: a SQLite URL takes \?busy_timeout= after the path, not 'timeout'\n/);
});

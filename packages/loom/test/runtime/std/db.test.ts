import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { runSource } from '../run-source.js';
import { POSTGRES_URL, postgresSkip, uniqueName } from '../../support/services.js';

const directory = mkdtempSync(join(tmpdir(), 'loom-db-'));
const postgresTables: string[] = [];

after(async () => {
  rmSync(directory, { recursive: true, force: true });
  if (postgresSkip !== false || postgresTables.length === 0) return;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  for (const table of postgresTables) await client.query(`DROP TABLE IF EXISTS ${table}`);
  await client.end();
});

/** The same program on both engines: a statement written with `?` runs on either. */
const ENGINES: readonly { name: string; url: () => string; skip: string | false; key: string }[] = [
  { name: 'SQLite', url: () => `sqlite://${join(directory, `${uniqueName('app')}.db`)}`, skip: false, key: 'INTEGER PRIMARY KEY' },
  { name: 'PostgreSQL', url: () => POSTGRES_URL, skip: postgresSkip, key: 'SERIAL PRIMARY KEY' },
];

function table(engine: string): string {
  const name = uniqueName('users');
  if (engine === 'PostgreSQL') postgresTables.push(name);
  return name;
}

for (const engine of ENGINES) {
  describe(`db on ${engine.name}`, { skip: engine.skip }, () => {
    test('query gives row dicts, query_one a dict or null, execute the rows changed; parameters are bound', async () => {
      const users = table(engine.name);
      const run = await runSource(`
db app = connect("${engine.url()}")
flow main() {
  app.execute("CREATE TABLE ${users} (id ${engine.key}, name TEXT, age INTEGER)")
  print(execute(app, "INSERT INTO ${users} (name, age) VALUES (?, ?)", ["Alice", 30]))
  std.db.execute(db: app, sql: "INSERT INTO ${users} (name, age) VALUES (?, ?)", params: ["Bob'; DROP TABLE x; --", 25])
  print(app.query("SELECT name, age FROM ${users} ORDER BY id"))
  print(app.query_one("SELECT name FROM ${users} WHERE age = ?", [30]), std.db.query_one(app, "SELECT * FROM ${users} WHERE age > 99"))
  print(app.query_one("SELECT COUNT(*) AS n FROM ${users}")["n"], app.execute("UPDATE ${users} SET age = age + 1"))
}`);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout, [
        '1',
        `[{"name": "Alice", "age": 30}, {"name": "Bob'; DROP TABLE x; --", "age": 25}]`,
        '{"name": "Alice"} null',
        '2 2',
        '',
      ].join('\n'));
    });

    test('std.db.memory keeps an agent\'s notes by key: store (upsert), query (null when absent), list, delete', async () => {
      if (engine.name === 'PostgreSQL' && !postgresTables.includes('loom_agent_memory')) postgresTables.push('loom_agent_memory');
      const agent = uniqueName('Analyst');
      const run = await runSource(`
db handle = connect("${engine.url()}")
flow main {
  std.db.memory.store(handle, "${agent}", "last_topic", "quantum computing")
  std.db.memory.store(db: handle, agent_name: "${agent}", key: "count", value: 3)
  std.db.memory.store(handle, "${agent}", "count", 4)
  print(std.db.memory.query(handle, "${agent}", "last_topic"), std.db.memory.query(handle, "${agent}", "absent"))
  print(std.db.memory.list(handle, "${agent}"))
  print(std.db.memory.delete(handle, "${agent}", "count"), std.db.memory.delete(handle, "${agent}", "count"), std.db.memory.list(handle, "${agent}").length())
}`);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout, 'quantum computing null\n[{"key": "count", "value": 4}, {"key": "last_topic", "value": "quantum computing"}]\ntrue false 1\n');
    });

    test('a failing statement in begin … commit rolls back (E403) and the connection stays usable; outside one it is E402', async () => {
      const users = table(engine.name);
      const run = await runSource(`
db app = connect("${engine.url()}")
flow main() {
  app.execute("CREATE TABLE ${users} (id ${engine.key}, name TEXT NOT NULL)")
  app.execute("INSERT INTO ${users} (name) VALUES (?)", ["Alice"])
  try {
    app.begin()
    app.execute("INSERT INTO ${users} (name) VALUES (?)", ["Bob"])
    app.execute("INSERT INTO ${users} (name) VALUES (?)", [null])
    app.commit()
  } catch (e) {
    print(e.code, e.message.contains("rolled back"))
  }
  print(app.query("SELECT name FROM ${users}"))
  std.db.begin(app)
  app.execute("INSERT INTO ${users} (name) VALUES (?)", ["Carol"])
  std.db.commit(app)
  app.begin()
  app.execute("INSERT INTO ${users} (name) VALUES (?)", ["Dave"])
  app.rollback()
  print(app.query("SELECT name FROM ${users} ORDER BY id"))
  try {
    app.transaction(fn() {
      app.execute("INSERT INTO ${users} (name) VALUES (?)", ["Eve"])
      raise Error("changed my mind")
    })
  } catch (e) {
    print(e.code, e.message)
  }
  app.transaction(fn() { app.execute("INSERT INTO ${users} (name) VALUES (?)", ["Fay"]) })
  print(len(app.query("SELECT name FROM ${users}")))
  try {
    app.query("SELECT nope FROM ${users}")
  } catch (e) {
    print(e.code)
  }
  app.execute("INSERT INTO ${users} (name) VALUES (?)", [null])
}`);
      assert.equal(run.stdout, [
        'E403 true',
        '[{"name": "Alice"}]',
        '[{"name": "Alice"}, {"name": "Carol"}]',
        'E403 transaction rolled back: changed my mind',
        '3',
        'E402',
        '',
      ].join('\n'));
      assert.match(run.stderr, /^DatabaseError: .*(NOT NULL|not-null).* \(in: INSERT INTO loomtest_users_\w+ \(name\) VALUES \(\?\)\)\n {2}--> program\.nx:37:3\n {2}= code E402\n$/);
    });
  });
}

test('a SQLite path whose directory does not exist is E401 and no directory is created', async () => {
  const missing = join(directory, 'no-such-dir');
  const run = await runSource(`db app = connect("sqlite://${missing}/app.db")\nprint("unreachable")`);
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^DatabaseError: cannot connect to sqlite:\/\/.*\/app\.db: Cannot open database because the directory does not exist\n {2}--> program\.nx:1:10\n {2}= code E401\n$/);
  const caught = await runSource(`try {\n  std.db.connect("sqlite://${missing}/app.db")\n} catch (e) {\n  print(e.code, e.name)\n}`);
  assert.equal(caught.stdout, 'E401 DatabaseError\n');
});

test('a PostgreSQL server that refuses is E401 with the reason and without the password', { skip: postgresSkip }, async () => {
  const run = await runSource('db app = connect("postgres://root:hunter2@127.0.0.1:1/test")\nprint("unreachable")');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^DatabaseError: cannot connect to postgres:\/\/root:\*\*\*@127\.0\.0\.1:1\/test: connect ECONNREFUSED/);
  assert.doesNotMatch(run.stderr, /hunter2/);
  const wrongDatabase = await runSource(`db app = connect("${POSTGRES_URL}_${uniqueName('none')}")`);
  assert.match(wrongDatabase.stderr, /^DatabaseError: cannot connect to .*: database ".*" does not exist/);
});

test('a PostgreSQL host that accepts and never answers is E401 after connect_timeout, not a hang', async () => {
  // A server that takes the TCP connection and says nothing, as a wedged host or a wrong port behind a proxy does.
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolveListen) => silent.listen(0, '127.0.0.1', resolveListen));
  const { port } = silent.address() as AddressInfo;
  try {
    const started = Date.now();
    const run = await runSource(`db app = connect("postgres://root@127.0.0.1:${port}/test?connect_timeout=1")\nprint("unreachable")`);
    assert.equal(run.status, 1);
    assert.match(run.stderr, new RegExp(`^DatabaseError: cannot connect to postgres://root@127\\.0\\.0\\.1:${port}/test\\?connect_timeout=1: the server did not answer within 1 s \\(connect_timeout\\)\n`));
    assert.ok(Date.now() - started < 5000, 'the timeout, not a hang, ended the connect');
    const wrong = await runSource(`db app = connect("postgres://root@127.0.0.1:${port}/test?connect_timeout=soon")`);
    assert.match(wrong.stderr, /^DatabaseError: cannot connect to .*: connect_timeout must be a whole number of seconds \(0 waits for ever\), got 'soon'\n/);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolveClose) => silent.close(() => resolveClose()));
  }
});

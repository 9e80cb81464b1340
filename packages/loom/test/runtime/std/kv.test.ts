import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { runSource } from '../run-source.js';
import { REDIS_URL, redisSkip, uniqueName } from '../../support/services.js';

const directory = mkdtempSync(join(tmpdir(), 'loom-kv-'));
const redisPrefix = `${uniqueName('kv')}:`;

after(async () => {
  rmSync(directory, { recursive: true, force: true });
  if (redisSkip !== false) return;
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** The same program on every backend: a store moves between engines unchanged. */
const BACKENDS: readonly { name: string; url: () => string; skip: string | false }[] = [
  { name: ':memory:', url: () => ':memory:', skip: false },
  { name: 'SQLite file', url: () => `sqlite://${join(directory, `${uniqueName('store')}.db`)}`, skip: false },
  { name: 'Redis', url: () => `${REDIS_URL}?prefix=${redisPrefix}${uniqueName('run')}:`, skip: redisSkip },
];

for (const backend of BACKENDS) {
  describe(`kv on ${backend.name}`, { skip: backend.skip }, () => {
    test('set, get, typed values, incr, set_nx, has, del, list by prefix', async () => {
      const run = await runSource(`
kv store = open("${backend.url()}")
flow main() {
  store.set("user:1", "Alice")
  std.kv.set(kv: store, key: "visits", value: 41)
  set(store, "user:2", {"name": "Bob", "admin": true})
  print(store.get("user:1"), std.kv.get(store, "visits"), incr(store, "visits"), store.incr("visits", 10))
  print(std.kv.get_json(kv: store, key: "user:2"), get_str(store, "user:1"), store.get_int("visits"))
  print(store.set_nx("user:1", "Eve"), store.set_nx("lock", "w1"), store.get("user:1"))
  print(list(store, "user:"), std.kv.has(store, "user:2"))
  print(store.del("user:2"), store.del("user:2"), store.has("user:2"))
  store.flush()
  print(std.kv.list(store))
}`);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout, [
        'Alice 41 42 52',
        '{"name": "Bob", "admin": true} Alice 52',
        'false true Alice',
        '["user:1", "user:2"] true',
        'true false false',
        '[]',
        '',
      ].join('\n'));
    });

    test('agent-specific KV: agent_kv_store/agent_kv_query under agent:<name>:, agent_kv_context the agent\'s keys as a dict', async () => {
      const run = await runSource(`
kv kv_handle = open("${backend.url()}")
flow main() {
  std.kv.agent_kv_store(kv: kv_handle, agent_name: "Analyst", key: "context", value: "market data")
  std.kv.agent_kv_store(kv_handle, "Analyst", "depth", 2)
  std.kv.agent_kv_store(kv_handle, "Other", "context", "weather")
  print(std.kv.agent_kv_query(kv: kv_handle, agent_name: "Analyst", key: "context"), kv_handle.get("agent:Analyst:depth"))
  print(std.kv.agent_kv_context(kv: kv_handle, agent_name: "Analyst"))
  print(std.kv.agent_kv_query(kv_handle, "Analyst", "gone") ?? "absent")
  std.kv.agent_kv_query(kv_handle, "Analyst", "gone")
}`);
      assert.equal(run.stdout, 'market data 2\n{"context": "market data", "depth": 2}\nabsent\n');
      assert.match(run.stderr, /^KVError: key 'agent:Analyst:gone' not found \(missing, deleted or expired\)\n/);
    });

    test('a missing, deleted or expired key is E601 naming the key, and ?? reads it as absent', async () => {
      const run = await runSource(`
kv store = open("${backend.url()}")
flow main() {
  print(store.get("theme") ?? "light", std.kv.get(kv: store, key: "lang") ?? "en")
  store.set("session", "token", 1)
  print(store.ttl("session"), store.get("session"))
  store.set("plain", 1)
  print(store.ttl("plain"))
  sleep_ms(1100)
  print(store.get("session") ?? "expired", store.has("session"))
  store.set("gone", 1)
  store.del("gone")
  try {
    store.get("gone")
  } catch (e) {
    print(e.code, e.message)
  }
  try {
    store.ttl("never")
  } catch (e) {
    print(e.code, e.message)
  }
  store.get("user:404")
}`);
      assert.equal(run.stdout, [
        'light en',
        '1 token',
        '-1',
        'expired false',
        "E601 key 'gone' not found (missing, deleted or expired)",
        "E601 key 'never' not found (missing, deleted or expired)",
        '',
      ].join('\n'));
      assert.equal(run.status, 1);
      assert.equal(run.stderr, "KVError: key 'user:404' not found (missing, deleted or expired)\n  --> program.nx:23:3\n  = code E601\n");
    });

    test('a typed getter finding another type, or incr of a non-integer, is E602', async () => {
      const run = await runSource(`
kv store = open("${backend.url()}")
flow main() {
  store.set("name", "Alice")
  store.set("n", 3)
  store.set("ratio", 0.5)
  for each getter in ["int", "str", "json", "incr"] {
    try {
      if getter == "int" { store.get_int("name") }
      if getter == "str" { store.get_str("n") }
      if getter == "json" { store.get_json("name") }
      if getter == "incr" { store.incr("ratio") }
    } catch (e) {
      print(e.code, e.message)
    }
  }
  print(store.get_float("ratio"), store.get_int("n"))
  store.get_int("name")
}`);
      assert.equal(run.stdout, [
        "E602 key 'name' holds str, not an int",
        "E602 key 'n' holds int, not a str",
        "E602 key 'name' holds text that is not JSON",
        "E602 key 'ratio' does not hold an int, so it cannot be incremented",
        '0.5 3',
        '',
      ].join('\n'));
      assert.match(run.stderr, /^KVError: key 'name' holds str, not an int\n {2}--> program\.nx:18:3\n {2}= code E602\n$/);
    });
  });
}

test('a value that cannot be stored is E602; a store that cannot be opened is E601 with the reason', async () => {
  const run = await runSource(`
flow main() {
  store = std.kv.open(path: ":memory:")
  try {
    store.set("f", fn(x) { return x })
  } catch (e) {
    print(e.code, e.message)
  }
  try {
    std.kv.open("sqlite://${join(directory, 'no-such-dir', 'kv.db')}")
  } catch (e) {
    print(e.code, e.message.contains("directory does not exist"))
  }
}`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, "E602 cannot store fn <fn anonymous> under key 'f': only strings, numbers, booleans, null, lists and dicts can be stored\nE601 true\n");
});

test('a Redis server that refuses is E601 with the engine reason and no password in the message', { skip: redisSkip }, async () => {
  const run = await runSource('kv store = open("redis://user:hunter2@127.0.0.1:1/0")\nprint("unreachable")');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^KVError: cannot open the store redis:\/\/user:\*\*\*@127\.0\.0\.1:1\/0: connect ECONNREFUSED/);
  assert.doesNotMatch(run.stderr, /hunter2/);
});

/**
 * A kv store on Redis outlives Redis: through an outage longer than the 17 s after which it
 * used to give up for good, every operation fails fast with E601 and the store works again as
 * soon as Redis is back. Across a dropped connection, `incr` (whose second run would be a second
 * effect) is delivered at most once: a lost reply is E601, never a silent resend, while a
 * repeatable `get` is sent again and answers. Both against redis-servers of the test's own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { startPrivateRedis } from '../../support/redis-faults.js';
import { startFaultyRelay } from '../../support/faulty-relay.js';
import { redisSkip } from '../../support/services.js';
import { runSource } from '../run-source.js';

const POLL_MS = 20;
const WAIT_LIMIT_MS = 15_000;
/** Longer than the old give-up point (20 reconnect attempts, about 17 s). */
const LONG_OUTAGE_MS = 20_000;

async function waitForKey(redis: Redis, key: string): Promise<void> {
  const started = Date.now();
  while ((await redis.exists(key)) === 0) {
    if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`the program never wrote ${key}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

test('a kv store recovers from a Redis outage longer than 17 s, failing fast with E601 meanwhile', { skip: redisSkip, timeout: 90_000 }, async () => {
  const redis = await startPrivateRedis();
  const admin = new Redis(redis.url, { retryStrategy: () => null });
  admin.on('error', () => undefined);
  try {
    const run = runSource(`kv store = open("${redis.url}")
flow main {
    store.set("ready", 1)
    sleep_ms(1000)
    let failures = 0
    let slowest = 0.0
    let back = false
    let started = std.time.now()
    while not back and std.time.diff(started, std.time.now()) < 60 {
        let attempt = std.time.now()
        try {
            store.set("after", 2)
            back = store.get("after") == 2
        } catch (e) {
            if e.code != "E601" { print(e.code, e.message) }
            failures = failures + 1
            let took = std.time.diff(attempt, std.time.now())
            if took > slowest { slowest = took }
            sleep_ms(200)
        }
    }
    print(back, failures > 10, slowest < 2, std.time.diff(started, std.time.now()) > 17)
}
`);
    await waitForKey(admin, 'ready');
    admin.disconnect();
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, LONG_OUTAGE_MS));
    await redis.start();
    const result = await run;
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, 'true true true true\n');
  } finally {
    admin.disconnect();
    await redis.remove();
  }
});

test('incr whose reply is lost with the connection is E601 and applied once; a lost get is sent again', { skip: redisSkip }, async () => {
  const redis = await startPrivateRedis();
  const relay = await startFaultyRelay(redis.port);
  const admin = new Redis(redis.url);
  try {
    const run = runSource(`kv store = open("redis://127.0.0.1:${relay.port}/0")
flow main {
    store.set("n", 0)
    store.set("ready", 1)
    sleep_ms(1000)
    try {
        print(store.incr("n"))
    } catch (e) {
        print(e.code, e.message)
    }
    print(store.get("n"))
    store.set("again", 1)
    sleep_ms(1000)
    print(store.get("n"))
}
`);
    await waitForKey(admin, 'ready');
    relay.dropNextReply();
    await waitForKey(admin, 'again');
    relay.dropNextReply();
    const result = await run;
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, [
      `E601 the store redis://127.0.0.1:${relay.port}/0 lost its connection before Redis answered incr: it may or may not have been applied, and Loom does not send it twice`,
      '1',
      '1',
      '',
    ].join('\n'));
    assert.equal(await admin.get('n'), '1', 'the increment ran once on the server');
  } finally {
    await admin.quit();
    await relay.close();
    await redis.remove();
  }
});

/** Enough increments that the connection is killed many times while one is in flight. */
const INCREMENTS = 3000;
const KILL_EVERY_MS = 25;

test('incr under repeated CLIENT KILL: never applied twice — every acknowledged one counted once, the lost ones at most once', { skip: redisSkip, timeout: 90_000 }, async (t) => {
  const redis = await startPrivateRedis();
  const admin = new Redis(redis.url);
  try {
    const run = runSource(`kv store = open("${redis.url}")
flow main {
    store.set("ready", 1)
    let acknowledged = 0
    let lost = 0
    for i in range(${INCREMENTS}) {
        try {
            store.incr("n")
            acknowledged += 1
        } catch (e) {
            lost += 1
        }
    }
    print(acknowledged, lost)
}
`);
    await waitForKey(admin, 'ready');
    // Kills the program's connection (named loom-<pid>) again and again until the run ends, as
    // the operator did; each kill lands while an incr is in flight or between two.
    let running = true;
    void run.finally(() => (running = false));
    let kills = 0;
    while (running) {
      const ours = String(await admin.client('LIST')).split('\n').filter((line) => line.includes(` name=loom-${process.pid} `));
      for (const line of ours) kills += Number(await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line)?.[1] ?? ''));
      await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
    }
    const result = await run;
    assert.equal(result.stderr, '');
    const [acknowledged, lost] = result.stdout.trim().split(' ').map(Number) as [number, number];
    assert.equal(acknowledged + lost, INCREMENTS);
    const applied = Number(await admin.get('n'));
    t.diagnostic(`${kills} kills: ${acknowledged} acknowledged, ${lost} lost (E601), ${applied} applied`);
    assert.ok(kills > 0, 'the connection was killed during the run');
    assert.ok(applied >= acknowledged && applied <= acknowledged + lost, `${applied} increments applied for ${acknowledged} acknowledged and ${lost} lost (E601) across ${kills} kills`);
  } finally {
    await admin.quit();
    await redis.remove();
  }
});

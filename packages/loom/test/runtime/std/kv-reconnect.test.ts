/**
 * A kv store on Redis survives a dropped connection: after `CLIENT KILL` of Loom's connections
 * (found by their name, `loom-<pid>`, so no other client of the shared server is touched) the
 * next commands succeed on a new connection. A server that stays away makes the next command
 * E601 with the reason within seconds, never a hang (here through a TCP relay that is shut).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { after, test } from 'node:test';
import { Redis } from 'ioredis';
import { REDIS_URL, redisSkip, uniqueName } from '../../support/services.js';
import { runSource } from '../run-source.js';

const prefix = `${uniqueName('i13b_reconnect')}:`;
const POLL_MS = 20;
const WAIT_LIMIT_MS = 10_000;

after(async () => {
  if (redisSkip !== false) return;
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Waits until the program has written `key` (its sign that it reached the pause). */
async function waitForKey(redis: Redis, key: string): Promise<void> {
  const started = Date.now();
  while ((await redis.exists(key)) === 0) {
    if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`the program never wrote ${key}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A program that writes `ready`, pauses while the test breaks the connection, then uses the store again. */
function program(url: string): string {
  return `kv store = open("${url}")
flow main {
    store.set("ready", 1)
    sleep_ms(1000)
    started = std.time.timestamp()
    try {
        print(store.get("ready"), store.incr("ready"), store.has("ready"))
    } catch (e) {
        print(e.code, e.message)
    }
    print(std.time.timestamp() - started <= 4)
}
`;
}

test('commands after CLIENT KILL of the store connection succeed on a new connection', { skip: redisSkip }, async () => {
  const admin = new Redis(REDIS_URL);
  try {
    const runPrefix = `${prefix}kill:`;
    const run = runSource(program(`${REDIS_URL}?prefix=${runPrefix}`));
    await waitForKey(admin, `${runPrefix}ready`);
    const ours = String(await admin.client('LIST')).split('\n').filter((line) => line.includes(` name=loom-${process.pid} `));
    assert.ok(ours.length > 0, 'the store connection is named after the process');
    for (const line of ours) assert.equal(await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line)?.[1] ?? ''), 1);
    const result = await run;
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, '1 2 true\ntrue\n');
  } finally {
    await admin.quit();
  }
});

/** A TCP relay to the real Redis that can be shut for good, as a server that goes away. */
async function startRelay(): Promise<{ port: number; shut: () => Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const { connect } = await import('node:net');
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no port');
  return {
    port: address.port,
    shut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

test('a Redis server that stays away makes the next command E601 with the reason within seconds', { skip: redisSkip }, async () => {
  const relay = await startRelay();
  const admin = new Redis(REDIS_URL);
  try {
    const runPrefix = `${prefix}gone:`;
    const run = runSource(program(`redis://127.0.0.1:${relay.port}/0?prefix=${runPrefix}`));
    await waitForKey(admin, `${runPrefix}ready`);
    await relay.shut();
    const result = await run;
    assert.equal(result.stderr, '');
    const [failure, quick] = result.stdout.trim().split('\n');
    assert.match(failure, new RegExp(`^E601 the store redis://127\\.0\\.0\\.1:${relay.port}/0\\?prefix=${runPrefix} is unreachable: Redis did not answer within 1000 ms; Loom keeps reconnecting \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${relay.port}\\)$`));
    assert.equal(quick, 'true', 'the failure came within the retry window, not after a hang');
  } finally {
    await admin.quit();
  }
});

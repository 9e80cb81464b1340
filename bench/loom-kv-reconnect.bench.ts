/**
 * How a Loom kv store on Redis rides out a dropped connection (issue 13, branch i13b): the
 * latency of the first command after `CLIENT KILL` of the store's connection (it waits for the
 * reconnect, then succeeds), and how long a command takes to fail with E601 when the server has
 * gone for good (a TCP relay to Redis, shut). Targets: recovery well under a second, and the
 * failure within the documented bound (about 1.5 s of reconnect attempts, never a hang):
 * under 3 s. Each case ROUNDS times; the store runs under a key prefix of its own, removed after.
 * Run: node --import tsx bench/loom-kv-reconnect.bench.ts
 */
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import { Redis } from 'ioredis';
import { openKvStore } from '../packages/loom/src/runtime/infra/kv/kv-store.js';
import { LoomError } from '../packages/loom/src/errors.js';
import { elapsedMs, report, summarise } from './support/stats.js';

const ROUNDS = 10;
const REDIS_HOST = '127.0.0.1';
const REDIS_PORT = 6379;
const RECOVERY_TARGET_MS = 1000;
const FAILURE_TARGET_MS = 3000;
const prefix = `loombench:i13b:${randomBytes(4).toString('hex')}:`;
const admin = new Redis(`redis://${REDIS_HOST}:${REDIS_PORT}/0`);

/** Kills this process's Loom connections (named loom-<pid>) and no other client. */
async function killOurConnections(): Promise<void> {
  const lines = String(await admin.client('LIST')).split('\n').filter((line) => line.includes(` name=loom-${process.pid} `));
  for (const line of lines) await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line)?.[1] ?? '');
}

const recovery: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const store = await openKvStore(`redis://${REDIS_HOST}:${REDIS_PORT}/0?prefix=${prefix}`, process.cwd());
  await store.use().set('k', '1', undefined);
  await killOurConnections();
  const start = performance.now();
  if ((await store.use().get('k')) !== '1') throw new Error('the value did not survive the reconnect');
  recovery.push(elapsedMs(start));
  await store.close();
}
const recovered = summarise(recovery);
report('kv on Redis: first command after CLIENT KILL', `p90 < ${RECOVERY_TARGET_MS} ms, and it succeeds`, recovered.p90Ms < RECOVERY_TARGET_MS, { ...recovered });

const failure: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(REDIS_PORT, REDIS_HOST);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, REDIS_HOST, resolve));
  const address = relay.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no port');
  const store = await openKvStore(`redis://${REDIS_HOST}:${address.port}/0?prefix=${prefix}`, process.cwd());
  await store.use().set('k', '1', undefined);
  relay.close();
  for (const socket of sockets) socket.destroy();
  const start = performance.now();
  try {
    await store.use().get('k');
    throw new Error('a command on a vanished server succeeded');
  } catch (error) {
    if (!(error instanceof LoomError) || error.code !== 'E601') throw error;
  }
  failure.push(elapsedMs(start));
  await store.close();
}
const failed = summarise(failure);
report('kv on Redis: E601 after the server went away', `max < ${FAILURE_TARGET_MS} ms (never a hang)`, failed.maxMs < FAILURE_TARGET_MS, { ...failed });

const keys = await admin.keys(`${prefix}*`);
if (keys.length > 0) await admin.del(...keys);
await admin.quit();

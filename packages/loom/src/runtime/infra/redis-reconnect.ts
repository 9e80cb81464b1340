/**
 * How Loom's Redis connections (kv stores, the BullMQ job queue) ride out an outage: they
 * reconnect at once and then with a doubling delay, 50 ms up to 1 s, for as long as they are
 * open — never giving up, so they work again whenever Redis returns. Meanwhile an operation
 * waits at most REDIS_READY_WAIT_MS for the connection and then fails at once with its own
 * code, so a program or a server fails fast during the outage instead of hanging.
 */
import type { Redis } from 'ioredis';

const RECONNECT_FIRST_DELAY_MS = 50;
const RECONNECT_MAX_DELAY_MS = 1000;
export const REDIS_READY_WAIT_MS = 1000;
/**
 * Reconnect attempts a command queued while the connection was down waits through before
 * ioredis fails it: one, since the ready wait above already bounds how long a caller waits.
 */
export const REDIS_QUEUED_COMMAND_RECONNECTS = 1;

/** The delay before reconnect attempt `attempt` (1, 2, …): doubling from the first delay, capped. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** (attempt - 1), RECONNECT_MAX_DELAY_MS);
}

/**
 * Whether `redis` is connected, or connects within `waitMs`; false at once for a connection
 * that was closed for good.
 */
export async function readyWithin(redis: Redis, waitMs: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  if (redis.status === 'end') return false;
  return new Promise<boolean>((resolve) => {
    const done = (up: boolean): void => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(up);
    };
    const onReady = (): void => done(true);
    const timer = setTimeout(() => done(false), waitMs);
    redis.on('ready', onReady);
  });
}

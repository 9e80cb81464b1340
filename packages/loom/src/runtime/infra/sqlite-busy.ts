/**
 * Waiting out another connection's lock on a SQLite file without stopping the program.
 * better-sqlite3 runs statements on the event loop's thread, and SQLite's own busy wait sleeps
 * that thread: a server whose file another process had locked answered nothing at all, not even
 * the routes that never touch the database. So SQLite itself never waits (its busy_timeout is 0):
 * a statement that meets the lock fails at once with SQLITE_BUSY, having done nothing, and runs
 * again after a timer — 1 ms, then doubling up to 50 ms — until the statement's busy timeout has
 * passed; then it fails naming the timeout. Meanwhile the event loop serves everything else.
 */
import type { Outcome } from './engine.js';
import { BUSY_TIMEOUT } from './url-settings.js';

const FIRST_RETRY_DELAY_MS = 1;
const MAX_RETRY_DELAY_MS = 50;

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, …): a lock was in the way. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/** The lock was still held when the busy timeout ran out. */
export class StillLocked extends Error {
  constructor(limitMs: number) {
    super(`the database is locked by another connection, still after ${limitMs} ms (${BUSY_TIMEOUT.name})`);
  }
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * Runs `statement`; its value as it is when no lock was in the way (no promise for the common
 * case), else a promise of its value once it ran after the lock was released. A failure that
 * `retryable` does not accept — not a lock, or a lock met where running again is not safe — is
 * thrown as it is; the lock still held after `limitMs` is StillLocked.
 */
export function whenFree<T>(statement: () => T, limitMs: number, retryable: (error: unknown) => boolean = isBusy): Outcome<T> {
  try {
    return statement();
  } catch (error) {
    if (!retryable(error)) throw error;
    return retryUntil(statement, performance.now() + limitMs, limitMs, retryable);
  }
}

async function retryUntil<T>(statement: () => T, giveUpAt: number, limitMs: number, retryable: (error: unknown) => boolean): Promise<T> {
  for (let retry = 1; ; retry += 1) {
    const wait = Math.min(FIRST_RETRY_DELAY_MS * 2 ** (retry - 1), MAX_RETRY_DELAY_MS, giveUpAt - performance.now());
    if (wait <= 0) throw new StillLocked(limitMs);
    await sleep(wait);
    try {
      return statement();
    } catch (error) {
      if (!retryable(error)) throw error;
    }
  }
}

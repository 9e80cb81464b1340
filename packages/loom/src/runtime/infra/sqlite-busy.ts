/**
 * Waiting out another connection's lock on a SQLite file without stopping the program, for
 * every SQLite file Loom opens: a program's databases (std.db), its key-value stores (std.kv)
 * and the job queue (`.loom/jobs.db`).
 *
 * better-sqlite3 runs statements on the event loop's thread, and SQLite's own busy wait sleeps
 * that thread: a server whose file another process had locked answered nothing at all, not even
 * the routes that never touch the file. So SQLite itself never waits (its busy_timeout is 0):
 * a statement that meets the lock fails at once with SQLITE_BUSY, having done nothing, and runs
 * again after a timer — 1 ms, then doubling up to 50 ms — until the busy timeout has passed;
 * then it fails naming the timeout. Meanwhile the event loop serves everything else.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { BUSY_TIMEOUT } from './db/url-settings.js';

const FIRST_RETRY_DELAY_MS = 1;
const MAX_RETRY_DELAY_MS = 50;
const MEMORY = ':memory:';

/** A value as it is when it came at once, else a promise of it (no promise for the common case). */
type Outcome<T> = T | Promise<T>;

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

/**
 * Runs `body` in one transaction that takes the write lock when it begins (BEGIN IMMEDIATE), so
 * the lock is met — and waited out — at the BEGIN, never halfway: a deferred transaction would
 * take it at its first write, where SQLite refuses to wait (the snapshot read so far may be
 * stale). A lock met anyway inside `body` rolls the transaction back and runs it again, so
 * `body` must do nothing outside the database that running it twice would repeat.
 */
export function inWriteTransaction<T>(database: BetterSqlite3.Database, body: () => T, limitMs: number): Outcome<T> {
  const transaction = database.transaction(body);
  return whenFree(() => transaction.immediate(), limitMs);
}

/**
 * Opens a SQLite file (or `:memory:`) whose locks are waited out as above: SQLite's own wait is
 * off, and a file is put in WAL mode, where readers never wait for a writer — switching to it
 * needs the lock too, so that waits as well.
 */
export async function openSqliteFile(path: string, busyTimeoutMs: number): Promise<BetterSqlite3.Database> {
  // Loaded on first use: a program that opens no SQLite file never pays for the native module.
  const { default: Database } = await import('better-sqlite3');
  const database = new Database(path, { timeout: 0 });
  if (path !== MEMORY) await whenFree(() => database.pragma('journal_mode = WAL'), busyTimeoutMs);
  return database;
}

/**
 * The job queue in one SQLite file (better-sqlite3, WAL), shared by every process of the
 * project: `loom run`, `loom jobs work` workers and the `loom jobs` listing.
 *
 * A worker claims a job with one UPDATE that moves it to `running` under the worker's id and a
 * lease; SQLite runs writes one at a time, so two workers never claim the same job. The worker
 * renews its leases while the attempt runs, and reports the outcome only for a job it still
 * holds (`WHERE worker = ?`). A job whose worker died (`kill -9`, a crash, a lost machine)
 * goes back to the queue when its lease runs out, or within ABANDONED_CHECK_MAX_MS when a worker
 * on the same machine sees that the process holding it is gone. It is then taken before every
 * other due job, and the lost attempt counts as started but not against its retries — as
 * BullMQ treats a stalled job (its attemptsStarted and attemptsMade), so that both queues count
 * alike. With WAL and `synchronous = NORMAL` a committed enqueue survives the death of the process.
 *
 * Another process holding the file's write lock (a worker's long round, a backup, a `sqlite3`
 * shell) is waited out with timers, as for a program's databases (../infra/sqlite-busy.ts):
 * an enqueue, a listing or a worker's round waits, never the rest of the process — a server's
 * other routes keep answering. Each write that reads first is one transaction that takes the
 * lock when it begins. Past the busy timeout (`LOOM_JOBS_URL=sqlite:PATH?busy_timeout=MS`,
 * the default of every SQLite URL otherwise) an operation of the program is E105 naming the
 * queue, and a worker reports the round and tries again at its next one.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { LoomError } from '../../errors.js';
import { inWriteTransaction, openSqliteFile, whenFree } from '../infra/sqlite-busy.js';
import { backoffDelayMs, PRIORITY_RANK } from './definition.js';
import type { JobDefinition } from './definition.js';
import type { EnqueueRequest, JobRecord, JobState, JobStore, JobWorker, ListFilter, WorkerEvent, WorkerOptions } from './store.js';
import { describeFailure } from './attempt.js';

type Database = BetterSqlite3.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS loom_jobs (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  queue TEXT NOT NULL,
  args TEXT NOT NULL,
  state TEXT NOT NULL,
  priority INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  lost_attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  run_at INTEGER NOT NULL,
  worker TEXT,
  lease_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS loom_jobs_due ON loom_jobs (run_at > 0, priority DESC, run_at) WHERE state IN ('queued', 'failed');
CREATE INDEX IF NOT EXISTS loom_jobs_running ON loom_jobs (lease_until) WHERE state = 'running';
CREATE INDEX IF NOT EXISTS loom_jobs_by_state ON loom_jobs (state, updated_at);
`;

/**
 * How often, at most, a worker looks for jobs whose worker is gone (a process of this machine
 * that no longer exists, or a lease that ran out); half the lease when that is shorter. Cheap:
 * the running jobs are few and indexed, and nothing is written unless one is found.
 */
const ABANDONED_CHECK_MAX_MS = 500;
/** The `run_at` of a job handed back from a dead worker: due since the epoch, so taken before every other due job. */
const RECOVERED_RUN_AT = 0;
/** How often an idle worker looks for jobs enqueued by other processes. */
const IDLE_POLL_MS = 50;
const DEFAULT_LIST_LIMIT = 1000;

interface Row {
  id: string;
  name: string;
  queue: string;
  args: string;
  state: JobState;
  attempts: number;
  lost_attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** How an attempt ended, as the worker writes it back. */
type Outcome =
  | { readonly kind: 'completed'; readonly id: string }
  | { readonly kind: 'retry'; readonly id: string; readonly error: string; readonly delayMs: number }
  | { readonly kind: 'dead'; readonly id: string; readonly error: string };

function recordOf(row: Row): JobRecord {
  return {
    id: row.id,
    name: row.name,
    queue: row.queue,
    args: JSON.parse(row.args) as Record<string, unknown>,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A claimed job, and its attempt number: the attempts started, less those lost with their worker. */
interface Claimed {
  readonly job: JobRecord;
  readonly attempt: number;
}

/** `host:pid:random`: unique per worker, and telling a worker on the same host whether its process is gone. */
function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Whether the worker that holds a job ran on this machine in a process that no longer exists. */
function isGoneLocalWorker(worker: string): boolean {
  const [host, pidText] = worker.split(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Opens the queue in the file at `path`; another connection's lock is waited out for `busyTimeoutMs`. */
export async function openSqliteStore(path: string, leaseMs: number, busyTimeoutMs: number): Promise<SqliteJobStore> {
  mkdirSync(dirname(path), { recursive: true });
  // Loaded on first use (by openSqliteFile): a program without jobs never pays for the native module.
  const database = await openSqliteFile(path, busyTimeoutMs);
  database.pragma('synchronous = NORMAL');
  await inWriteTransaction(database, () => upgradeSchema(database), busyTimeoutMs);
  return new SqliteJobStore(database, path, leaseMs, busyTimeoutMs);
}

/**
 * Creates the tables, or brings a queue file written by an earlier Loom up to date: the
 * `lost_attempts` column, and the index that takes recovered jobs first instead of the one
 * ordered by priority alone.
 */
function upgradeSchema(database: Database): void {
  database.exec(SCHEMA);
  const columns = database.prepare<[], { name: string }>('PRAGMA table_info(loom_jobs)').all();
  if (!columns.some((column) => column.name === 'lost_attempts')) database.exec('ALTER TABLE loom_jobs ADD COLUMN lost_attempts INTEGER NOT NULL DEFAULT 0');
  database.exec('DROP INDEX IF EXISTS loom_jobs_ready');
}

export class SqliteJobStore implements JobStore {
  private readonly statements;
  /** Wakes this process's idle workers when it enqueues, so `loom run` does not wait for a poll. */
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly database: Database,
    readonly location: string,
    private readonly leaseMs: number,
    /** How long an operation waits for another connection's write lock on the file. */
    private readonly busyTimeoutMs: number,
  ) {
    this.statements = {
      insert: database.prepare(`INSERT INTO loom_jobs (id, name, queue, args, state, priority, attempts, max_attempts, run_at, created_at, updated_at)
        VALUES (@id, @name, @queue, @args, 'queued', @priority, 0, @maxAttempts, @runAt, @now, @now)`),
      get: database.prepare<[string], Row>('SELECT * FROM loom_jobs WHERE id = ?'),
      claim: database.prepare<{ worker: string; now: number; leaseUntil: number; names: string; limit: number }, Row>(`
        UPDATE loom_jobs SET state = 'running', worker = @worker, lease_until = @leaseUntil, attempts = attempts + 1, updated_at = @now
        WHERE id IN (
          SELECT id FROM loom_jobs
          WHERE state IN ('queued', 'failed') AND run_at <= @now AND name IN (SELECT value FROM json_each(@names))
          ORDER BY run_at > 0, priority DESC, run_at LIMIT @limit
        )
        RETURNING *`),
      renew: database.prepare("UPDATE loom_jobs SET lease_until = ? WHERE worker = ? AND state = 'running'"),
      complete: database.prepare("UPDATE loom_jobs SET state = 'completed', worker = NULL, lease_until = NULL, updated_at = ? WHERE id = ? AND worker = ? AND state = 'running'"),
      retryLater: database.prepare("UPDATE loom_jobs SET state = 'failed', worker = NULL, lease_until = NULL, run_at = ?, last_error = ?, updated_at = ? WHERE id = ? AND worker = ? AND state = 'running'"),
      bury: database.prepare("UPDATE loom_jobs SET state = 'dead', worker = NULL, lease_until = NULL, last_error = ?, updated_at = ? WHERE id = ? AND worker = ? AND state = 'running'"),
      expired: database.prepare<[number], { id: string; worker: string }>("SELECT id, worker FROM loom_jobs WHERE state = 'running' AND lease_until < ?"),
      running: database.prepare<[], { id: string; worker: string }>("SELECT id, worker FROM loom_jobs WHERE state = 'running'"),
      // The lost attempt stays started but is not charged to the job's retries.
      requeue: database.prepare(`UPDATE loom_jobs SET state = 'queued', worker = NULL, lease_until = NULL, lost_attempts = lost_attempts + 1, run_at = ${RECOVERED_RUN_AT}, updated_at = ? WHERE id = ? AND worker = ? AND state = 'running'`),
      cancel: database.prepare("DELETE FROM loom_jobs WHERE id = ? AND state IN ('queued', 'failed')"),
      clearCompleted: database.prepare("DELETE FROM loom_jobs WHERE state = 'completed'"),
      retryDead: database.prepare("UPDATE loom_jobs SET state = 'queued', attempts = 0, lost_attempts = 0, run_at = ?, updated_at = ? WHERE id = ? AND state = 'dead'"),
      retryFailed: database.prepare("UPDATE loom_jobs SET state = 'queued', run_at = ?, updated_at = ? WHERE id = ? AND state = 'failed'"),
    };
  }

  async enqueue({ definition, args, delayMs }: EnqueueRequest): Promise<string> {
    const id = randomUUID();
    await this.program(() => this.whenFree(() => {
      const now = Date.now();
      this.statements.insert.run({
        id, name: definition.name, queue: definition.queue, args: JSON.stringify(args),
        priority: PRIORITY_RANK[definition.priority], maxAttempts: definition.maxAttempts, runAt: now + (delayMs ?? 0), now,
      });
    }));
    for (const wake of this.wakers) wake();
    return id;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const row = await this.program(() => this.whenFree(() => this.statements.get.get(id)));
    return row === undefined ? undefined : recordOf(row);
  }

  async list({ state, limit }: ListFilter): Promise<JobRecord[]> {
    const where = state === undefined ? '' : 'WHERE state = ?';
    const listing = this.database.prepare<unknown[], Row>(`SELECT * FROM loom_jobs ${where} ORDER BY created_at DESC, rowid DESC LIMIT ?`);
    const rows = await this.program(() => this.whenFree(() => listing.all(...(state === undefined ? [] : [state]), limit ?? DEFAULT_LIST_LIMIT)));
    return rows.map(recordOf);
  }

  async retry(id: string, only?: 'dead'): Promise<{ retried: boolean; job: JobRecord } | undefined> {
    const retried = await this.program(() => inWriteTransaction(this.database, () => {
      const now = Date.now();
      if (this.statements.retryDead.run(now, now, id).changes > 0) return true;
      return only === undefined && this.statements.retryFailed.run(now, now, id).changes > 0;
    }, this.busyTimeoutMs));
    const job = await this.get(id);
    if (job === undefined) return undefined;
    if (retried) for (const wake of this.wakers) wake();
    return { retried, job };
  }

  async cancel(id: string): Promise<boolean> {
    return (await this.program(() => this.whenFree(() => this.statements.cancel.run(id)))).changes > 0;
  }

  async clearCompleted(): Promise<number> {
    return (await this.program(() => this.whenFree(() => this.statements.clearCompleted.run()))).changes;
  }

  /**
   * Jobs whose worker is gone go back to the queue: those whose lease ran out, and those held
   * by a process of this machine that no longer exists. Returns their ids.
   */
  async recoverAbandoned(): Promise<string[]> {
    const now = Date.now();
    const abandoned = await this.whenFree(() => [
      ...this.statements.expired.all(now),
      ...this.statements.running.all().filter((job) => isGoneLocalWorker(job.worker)),
    ]);
    // The usual answer is none: then the write lock is not taken at all.
    if (abandoned.length === 0) return [];
    return inWriteTransaction(this.database, () => abandoned.filter((job) => this.statements.requeue.run(now, job.id, job.worker).changes > 0).map((job) => job.id), this.busyTimeoutMs);
  }

  async work(options: WorkerOptions): Promise<JobWorker> {
    return new SqliteWorker(this, options, this.leaseMs);
  }

  /**
   * Records how attempts ended and claims up to `limit` more jobs, in one transaction: a busy
   * worker pays for one write per round, however many attempts ended since the last one.
   * An outcome counts only for a job the worker still holds.
   */
  async settleAndClaim(worker: string, outcomes: readonly Outcome[], names: readonly string[], limit: number): Promise<Claimed[]> {
    return inWriteTransaction(this.database, () => {
      const now = Date.now();
      for (const outcome of outcomes) {
        if (outcome.kind === 'completed') this.statements.complete.run(now, outcome.id, worker);
        else if (outcome.kind === 'retry') this.statements.retryLater.run(now + outcome.delayMs, outcome.error, now, outcome.id, worker);
        else this.statements.bury.run(outcome.error, now, outcome.id, worker);
      }
      if (limit <= 0) return [];
      return this.statements.claim.all({ worker, now, leaseUntil: now + this.leaseMs, names: JSON.stringify(names), limit })
        .map((row) => ({ job: recordOf(row), attempt: row.attempts - row.lost_attempts }));
    }, this.busyTimeoutMs);
  }

  async renew(worker: string): Promise<void> {
    await this.whenFree(() => this.statements.renew.run(Date.now() + this.leaseMs, worker));
  }

  onEnqueue(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }

  async close(): Promise<void> {
    this.database.close();
  }

  /** One statement, run again while another connection's lock is in its way. */
  private whenFree<T>(statement: () => T): T | Promise<T> {
    return whenFree(statement, this.busyTimeoutMs);
  }

  /**
   * An operation a program asked for (enqueue, `JobQueue.status`, …): its failure — a lock held
   * past the busy timeout, a file that cannot be written — is E105 naming the queue, as on Redis.
   */
  private async program<T>(operation: () => T | Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof LoomError || !(error instanceof Error)) throw error;
      throw new LoomError('E105', `the job queue ${this.location} failed: ${error.message}`, undefined, { cause: error });
    }
  }
}

/**
 * A worker of one process: keeps up to `concurrency` attempts running, claims as many jobs as
 * it has free slots in one statement, renews its leases a few times per lease, and hands back
 * the jobs of dead workers it finds.
 */
class SqliteWorker implements JobWorker {
  private readonly id = newWorkerId();
  private readonly names: string[];
  private readonly active = new Set<Promise<void>>();
  /** Attempts that ended since the last round, with the event each reports once written. */
  private outcomes: { outcome: Outcome; event: WorkerEvent }[] = [];
  private stopping = false;
  private wake: (() => void) | undefined;
  private wakeScheduled = false;
  private renewing = false;
  private recovering = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;
  private readonly loop: Promise<void>;

  constructor(
    private readonly store: SqliteJobStore,
    private readonly options: WorkerOptions,
    leaseMs: number,
  ) {
    this.names = [...options.definitions.keys()];
    this.unsubscribe = store.onEnqueue(() => this.wakeSoon());
    const renewal = setInterval(() => void this.renew(), Math.max(1, Math.floor(leaseMs / 3)));
    const recovery = setInterval(() => void this.recover(), Math.max(1, Math.min(ABANDONED_CHECK_MAX_MS, Math.floor(leaseMs / 2))));
    renewal.unref();
    recovery.unref();
    this.timers.push(renewal, recovery);
    void this.recover();
    this.loop = this.run();
  }

  private async renew(): Promise<void> {
    // One renewal at a time: one waiting out a lock is not joined by the next tick's.
    if (this.active.size === 0 || this.renewing) return;
    this.renewing = true;
    try {
      await this.store.renew(this.id);
    } catch (error) {
      this.troubledUnlessStopped(error);
    } finally {
      this.renewing = false;
    }
  }

  private async recover(): Promise<void> {
    if (this.recovering) return;
    this.recovering = true;
    let recovered: string[];
    try {
      recovered = await this.store.recoverAbandoned();
    } catch (error) {
      this.troubledUnlessStopped(error);
      return;
    } finally {
      this.recovering = false;
    }
    if (recovered.length > 0) {
      this.options.onEvent({ kind: 'recovered', jobIds: recovered });
      this.wakeSoon();
    }
  }

  /** The database refused a statement (another process held its lock too long, say): report it and try again later. */
  private troubled(error: unknown): void {
    this.options.onEvent({ kind: 'warning', message: `job queue ${this.store.location}: ${(error as Error).message}` });
  }

  /**
   * For the timers' work, which may still be waiting out a lock when the worker stops and its
   * queue closes: what fails then is of no interest to anyone.
   */
  private troubledUnlessStopped(error: unknown): void {
    if (!this.stopping) this.troubled(error);
  }

  /** Wakes the loop once the attempts ending in this turn of the event loop have all ended. */
  private wakeSoon(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.wake?.();
    });
  }

  /** One round: write the ended attempts, claim for the free slots, start them. */
  private async round(): Promise<number> {
    // A copy: attempts ending while the round waits for the lock push onto this.outcomes, and
    // those were not in the round's write, so they must not be dropped with the ones that were.
    const ended = [...this.outcomes];
    const free = this.stopping ? 0 : this.options.concurrency - this.active.size;
    // Outcomes are dropped only once written; a failed round keeps them for the next one.
    const claimed = ended.length === 0 && free <= 0 ? [] : await this.store.settleAndClaim(this.id, ended.map((entry) => entry.outcome), this.names, free);
    this.outcomes = this.outcomes.slice(ended.length);
    for (const entry of ended) this.options.onEvent(entry.event);
    for (const { job, attempt: number } of claimed) {
      const attempt = this.attempt(job, number).finally(() => {
        this.active.delete(attempt);
        this.wakeSoon();
      });
      this.active.add(attempt);
    }
    return claimed.length;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        claimed = await this.round();
      } catch (error) {
        this.troubled(error);
      }
      if (claimed === 0 || this.active.size >= this.options.concurrency) await this.idle();
    }
  }

  /** Until an attempt ends, this process enqueues, or the poll interval passes. */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, IDLE_POLL_MS);
      this.wake = done;
    });
  }

  private async attempt(job: JobRecord, attempt: number): Promise<void> {
    const definition = this.options.definitions.get(job.name) as JobDefinition;
    const started = Date.now();
    try {
      await this.options.perform(definition, job, attempt);
      this.outcomes.push({ outcome: { kind: 'completed', id: job.id }, event: { kind: 'completed', job: { ...job, state: 'completed' }, elapsedMs: Date.now() - started } });
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const described = describeFailure(error);
      if (attempt < job.maxAttempts) {
        const delayMs = backoffDelayMs(definition.backoff, attempt, this.options.backoffBaseSeconds);
        this.outcomes.push({ outcome: { kind: 'retry', id: job.id, error: described, delayMs }, event: { kind: 'retrying', job: { ...job, state: 'failed', lastError: described }, attempt, error, retryInMs: delayMs } });
      } else {
        await this.options.onDead(definition, job, attempt, error);
        this.outcomes.push({ outcome: { kind: 'dead', id: job.id, error: described }, event: { kind: 'dead', job: { ...job, state: 'dead', lastError: described }, error } });
      }
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await Promise.all(this.active);
    // The attempts that ended while stopping are written before the worker goes.
    await this.round().catch((error: unknown) => this.troubled(error));
    for (const timer of this.timers) clearInterval(timer);
    this.unsubscribe();
  }
}

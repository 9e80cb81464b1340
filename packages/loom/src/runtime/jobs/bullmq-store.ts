/**
 * The job queue in Redis through BullMQ (`LOOM_JOBS_URL=redis://[user:password@]host[:port][/db][?prefix=p]`),
 * so workers on several machines share one queue. Each `on "queue"` is a BullMQ queue under the
 * key prefix (`loom` unless the URL names one); the job's name is the BullMQ job name and the
 * job id (a UUID chosen here) is the BullMQ job id.
 *
 * BullMQ's own machinery gives the guarantees: a worker holds a job under a lock it renews
 * (the lease, `LOOM_JOBS_LEASE_SECONDS`), and a job whose worker died is moved back to the
 * wait list by the stalled-job check of any other worker once the lock has expired; retries
 * wait out the same backoff as on SQLite (a custom strategy computes it). BullMQ states map to
 * Loom's: wait/prioritized → queued, active → running, delayed after a failure → failed,
 * completed → completed, failed (attempts exhausted) → dead.
 *
 * Every connection rides out a Redis outage as kv stores do (infra/redis-reconnect.ts): it
 * reconnects for good with a capped delay, and meanwhile an operation of the store (enqueue,
 * status, listing, retry, cancel) is E105 within a second instead of hanging, so a server
 * answers 500 fast during the outage and normally again as soon as Redis is back.
 */
import { randomUUID } from 'node:crypto';
import type { Job, JobType, Queue as BullQueue, Worker as BullWorker } from 'bullmq';
import type * as BullModule from 'bullmq';
import type { Redis } from 'ioredis';
import { LoomError } from '../../errors.js';
import { withoutCredentials } from '../infra/redacted-url.js';
import { readyWithin, reconnectDelayMs, REDIS_QUEUED_COMMAND_RECONNECTS, REDIS_READY_WAIT_MS } from '../infra/redis-reconnect.js';
import { describeFailure } from './attempt.js';
import { backoffDelayMs } from './definition.js';
import type { Backoff, JobDefinition, JobPriority } from './definition.js';
import type { EnqueueRequest, JobRecord, JobState, JobStore, JobWorker, ListFilter, WorkerOptions } from './store.js';

type Bull = typeof BullModule;

const DEFAULT_PREFIX = 'loom';
/** The Redis set naming every queue enqueued to under a prefix, for `loom jobs` without a program. */
const QUEUES_KEY = 'loom-queues';
/**
 * A job moved back from a dead worker does not use up a retry (as on SQLite): BullMQ would
 * otherwise fail it after one stall. High, not infinite, so a job that kills every worker
 * that takes it still ends up dead.
 */
const MAX_STALLED_COUNT = 1000;
const DEFAULT_LIST_LIMIT = 1000;
/**
 * BullMQ priorities, 1 the highest. Every job gets one, `normal` too: BullMQ takes jobs without
 * a priority before all prioritised ones, which would put `normal` ahead of `critical`.
 */
const BULL_PRIORITY: Readonly<Record<JobPriority, number>> = { critical: 1, high: 2, normal: 3, low: 4 };
const BACKOFF_PREFIX = 'loom-';

interface JobData {
  readonly args: Record<string, unknown>;
}

const STATE_TYPES: Readonly<Record<JobState, readonly JobType[]>> = {
  queued: ['wait', 'prioritized', 'delayed', 'waiting-children'],
  running: ['active'],
  completed: ['completed'],
  failed: ['delayed'],
  dead: ['failed'],
};

function stateOf(type: string, job: Job): JobState {
  switch (type) {
    case 'active':
      return 'running';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'dead';
    case 'delayed':
      return job.attemptsMade > 0 ? 'failed' : 'queued';
    default:
      return 'queued';
  }
}

function recordOf(job: Job, state: JobState): JobRecord {
  const data = job.data as JobData;
  return {
    id: job.id ?? '',
    name: job.name,
    queue: job.queueName,
    args: data.args,
    state,
    attempts: Math.max(job.attemptsStarted, job.attemptsMade),
    maxAttempts: job.opts.attempts ?? 1,
    lastError: job.failedReason === undefined || job.failedReason === '' ? null : job.failedReason,
    createdAt: job.timestamp,
    updatedAt: job.finishedOn ?? job.processedOn ?? job.timestamp,
  };
}

/** A failed attempt as BullMQ sees it, carrying the EB01/EB02 error for the worker's events. */
class AttemptFailure extends Error {
  constructor(readonly failure: Error) {
    super(describeFailure(failure));
  }
}

export async function openBullmqStore(url: string, leaseMs: number): Promise<BullmqJobStore> {
  const bull = await import('bullmq');
  const { Redis } = await import('ioredis');
  const parsed = new URL(url);
  const prefix = parsed.searchParams.get('prefix') ?? DEFAULT_PREFIX;
  parsed.search = '';
  const connectionUrl = parsed.toString();
  // One plain connection, failing fast at open, to find out at once whether Redis is there and
  // to keep the set of queue names; once connected it reconnects for good like the others.
  let connected = false;
  const admin = new Redis(connectionUrl, { lazyConnect: true, maxRetriesPerRequest: REDIS_QUEUED_COMMAND_RECONNECTS, retryStrategy: (attempt) => (connected ? reconnectDelayMs(attempt) : null) });
  let reason: Error | undefined;
  admin.on('error', (error: Error) => {
    reason = error;
  });
  try {
    await admin.connect();
  } catch (error) {
    admin.disconnect();
    const cause = reason ?? (error as Error);
    throw new Error(`cannot reach the job queue at ${withoutCredentials(url)}: ${cause.message}`);
  }
  connected = true;
  return new BullmqJobStore(bull, admin, connectionUrl, prefix, withoutCredentials(url), leaseMs, () => reason);
}

export class BullmqJobStore implements JobStore {
  private readonly queues = new Map<string, BullQueue>();
  private readonly registered = new Set<string>();

  constructor(
    private readonly bull: Bull,
    private readonly admin: Redis,
    private readonly connectionUrl: string,
    private readonly prefix: string,
    readonly location: string,
    private readonly leaseMs: number,
    /** The last connection error of the admin connection (ECONNREFUSED, ...), for messages. */
    private readonly lastConnectionError: () => Error | undefined,
  ) {}

  private connection(): { url: string; maxRetriesPerRequest: null; retryStrategy: (attempt: number) => number } {
    // Workers block on Redis; BullMQ requires them to retry without a per-request limit. Its own
    // reconnect delay grows to 20 s, which would leave a queue dead long after Redis is back.
    return { url: this.connectionUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelayMs };
  }

  /**
   * Runs one operation of the store once Redis is reachable: E105 when it does not come back
   * within the ready wait, and any failure of the operation itself E105 naming the queue.
   */
  private async guarded<T>(operation: () => Promise<T>): Promise<T> {
    if (!(await readyWithin(this.admin, REDIS_READY_WAIT_MS))) {
      const cause = this.lastConnectionError();
      throw new LoomError('E105', `the job queue ${this.location} is unreachable: Redis did not answer within ${REDIS_READY_WAIT_MS} ms; Loom keeps reconnecting${cause === undefined ? '' : ` (${cause.message})`}`);
    }
    try {
      return await operation();
    } catch (error) {
      if (error instanceof LoomError || !(error instanceof Error)) throw error;
      throw new LoomError('E105', `the job queue ${this.location} failed: ${error.message}`, undefined, { cause: error });
    }
  }

  private queue(name: string): BullQueue {
    let queue = this.queues.get(name);
    if (queue === undefined) {
      queue = new this.bull.Queue(name, { connection: this.connection(), prefix: this.prefix });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async queueNames(): Promise<string[]> {
    return (await this.admin.smembers(`${this.prefix}:${QUEUES_KEY}`)).sort();
  }

  async enqueue({ definition, args, delayMs }: EnqueueRequest): Promise<string> {
    return this.guarded(async () => {
      if (!this.registered.has(definition.queue)) {
        await this.admin.sadd(`${this.prefix}:${QUEUES_KEY}`, definition.queue);
        this.registered.add(definition.queue);
      }
      const id = randomUUID();
      await this.queue(definition.queue).add(definition.name, { args } satisfies JobData, {
        jobId: id,
        attempts: definition.maxAttempts,
        backoff: { type: `${BACKOFF_PREFIX}${definition.backoff}` },
        priority: BULL_PRIORITY[definition.priority],
        ...(delayMs === undefined || delayMs <= 0 ? {} : { delay: delayMs }),
      });
      return id;
    });
  }

  private async find(id: string): Promise<Job | undefined> {
    for (const name of await this.queueNames()) {
      const job = await this.bull.Job.fromId(this.queue(name), id);
      if (job !== undefined) return job;
    }
    return undefined;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return this.guarded(async () => {
      const job = await this.find(id);
      if (job === undefined) return undefined;
      const type = await job.getState();
      return recordOf(job, stateOf(type, job));
    });
  }

  async list({ state, limit }: ListFilter): Promise<JobRecord[]> {
    return this.guarded(async () => {
      const records: JobRecord[] = [];
      const types = state === undefined ? [...new Set(Object.values(STATE_TYPES).flat())] : STATE_TYPES[state];
      const most = limit ?? DEFAULT_LIST_LIMIT;
      for (const name of await this.queueNames()) {
        const queue = this.queue(name);
        for (const type of types) {
          for (const job of await queue.getJobs(type, 0, most - 1)) {
            if (job === undefined || job === null) continue;
            const record = recordOf(job as Job, stateOf(type, job as Job));
            if (state === undefined || record.state === state) records.push(record);
          }
        }
      }
      return records.sort((a, b) => b.createdAt - a.createdAt).slice(0, most);
    });
  }

  async retry(id: string, only?: 'dead'): Promise<{ retried: boolean; job: JobRecord } | undefined> {
    return this.guarded(async () => {
      const job = await this.find(id);
      if (job === undefined) return undefined;
      const type = await job.getState();
      const state = stateOf(type, job);
      let retried = false;
      if (state === 'dead') {
        await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        retried = true;
      } else if (state === 'failed' && only === undefined) {
        await job.promote();
        retried = true;
      }
      return { retried, job: (await this.get(id)) ?? recordOf(job, state) };
    });
  }

  async cancel(id: string): Promise<boolean> {
    return this.guarded(async () => {
      const job = await this.find(id);
      if (job === undefined) return false;
      const state = stateOf(await job.getState(), job);
      if (state !== 'queued' && state !== 'failed') return false;
      try {
        await job.remove();
        return true;
      } catch {
        // Taken by a worker between the look and the removal.
        return false;
      }
    });
  }

  async clearCompleted(): Promise<number> {
    return this.guarded(async () => {
      let cleared = 0;
      // A limit of 0 cleans them all.
      for (const name of await this.queueNames()) cleared += (await this.queue(name).clean(0, 0, 'completed')).length;
      return cleared;
    });
  }

  async work(options: WorkerOptions): Promise<JobWorker> {
    const queueNames = [...new Set([...options.definitions.values()].map((definition) => definition.queue))];
    const workers = queueNames.map((name) => this.worker(name, options));
    await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    return {
      stop: async () => {
        await Promise.all(workers.map((worker) => worker.close()));
      },
    };
  }

  private worker(queueName: string, options: WorkerOptions): BullWorker {
    const worker = new this.bull.Worker(
      queueName,
      async (job: Job) => {
        const definition = options.definitions.get(job.name);
        if (definition === undefined) throw new Error(`this program declares no job named '${job.name}' for queue '${queueName}'`);
        // attemptsMade counts the attempts that ended, not those lost with a stalled worker.
        const attempt = job.attemptsMade + 1;
        const record = recordOf(job, 'running');
        try {
          await options.perform(definition, record, attempt);
        } catch (error) {
          if (attempt >= definition.maxAttempts) await options.onDead(definition, record, attempt, error as Error);
          // BullMQ keeps only the message as the failed reason: make it `CODE: message`, as on SQLite.
          throw new AttemptFailure(error as Error);
        }
      },
      {
        connection: this.connection(),
        prefix: this.prefix,
        concurrency: options.concurrency,
        lockDuration: this.leaseMs,
        stalledInterval: this.leaseMs,
        maxStalledCount: MAX_STALLED_COUNT,
        settings: {
          backoffStrategy: (attemptsMade: number, type?: string) =>
            backoffDelayMs((type ?? '').slice(BACKOFF_PREFIX.length) as Backoff, attemptsMade, options.backoffBaseSeconds),
        },
      },
    );
    worker.on('completed', (job: Job) => {
      options.onEvent({ kind: 'completed', job: recordOf(job, 'completed'), elapsedMs: (job.finishedOn ?? 0) - (job.processedOn ?? 0) });
    });
    worker.on('failed', (job: Job | undefined, thrown: Error) => {
      if (job === undefined) return;
      const error = thrown instanceof AttemptFailure ? thrown.failure : thrown;
      const definition: JobDefinition | undefined = options.definitions.get(job.name);
      if (job.attemptsMade >= (job.opts.attempts ?? 1)) {
        options.onEvent({ kind: 'dead', job: recordOf(job, 'dead'), error });
      } else {
        const retryInMs = definition === undefined ? 0 : backoffDelayMs(definition.backoff, job.attemptsMade, options.backoffBaseSeconds);
        // attemptsMade now includes the attempt that failed.
        options.onEvent({ kind: 'retrying', job: recordOf(job, 'failed'), attempt: job.attemptsMade, error, retryInMs });
      }
    });
    worker.on('stalled', (jobId: string) => options.onEvent({ kind: 'recovered', jobIds: [jobId] }));
    worker.on('error', (error: Error) => options.onEvent({ kind: 'warning', message: `job queue ${this.location}: ${error.message}` }));
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.admin.disconnect();
  }
}

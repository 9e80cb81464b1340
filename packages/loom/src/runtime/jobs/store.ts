/**
 * The durable job queue, whatever holds it: SQLite (`.loom/jobs.db` under the project root, the
 * default) or Redis through BullMQ (`LOOM_JOBS_URL=redis://…`), so a program moves from one
 * laptop to many machines sharing one queue unchanged. Both give the same states, the same
 * listing and the same retry, and run the same job code (attempt.ts) in their workers.
 *
 * This module holds what the two backends (sqlite-store.ts, bullmq-store.ts) and their users
 * share; runtime/host/open-job-store.ts chooses and loads one.
 *
 * Delivery is at least once: a job acknowledged as enqueued is on disk (or in Redis) before
 * `enqueue` returns, and a job whose worker died mid-attempt runs again, so a job may run more
 * than once; its id is the key for making its effects idempotent.
 */
import type { JobArguments, JobDefinition } from './definition.js';

/** `failed` means failed and waiting for its next attempt; `dead` means dead-lettered. */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

export function isJobState(value: string): value is JobState {
  return (JOB_STATES as readonly string[]).includes(value);
}

export interface JobRecord {
  readonly id: string;
  readonly name: string;
  readonly queue: string;
  readonly args: JobArguments;
  readonly state: JobState;
  /**
   * Attempts started so far, those lost with a dead worker included (BullMQ's attemptsStarted).
   * A lost attempt is not charged to the job's retries: the attempt number a job's code sees is
   * this less the lost ones.
   */
  readonly attempts: number;
  readonly maxAttempts: number;
  /** `CODE: message` of the last failed attempt. */
  readonly lastError: string | null;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface EnqueueRequest {
  readonly definition: JobDefinition;
  readonly args: JobArguments;
  /** Not before this many milliseconds from now (`enqueue_in`). */
  readonly delayMs?: number;
}

export interface ListFilter {
  readonly state?: JobState;
  /** The newest first, at most this many. */
  readonly limit?: number;
}

/** What a worker tells whoever watches it (the CLI's progress lines, `loom run`'s report). */
export type WorkerEvent =
  | { readonly kind: 'completed'; readonly job: JobRecord; readonly elapsedMs: number }
  /** `attempt` is the number of the attempt that failed, as its EB01 names it. */
  | { readonly kind: 'retrying'; readonly job: JobRecord; readonly attempt: number; readonly error: Error; readonly retryInMs: number }
  | { readonly kind: 'dead'; readonly job: JobRecord; readonly error: Error }
  | { readonly kind: 'recovered'; readonly jobIds: readonly string[] }
  /** Trouble of the queue itself (a lost Redis connection), not of a job. */
  | { readonly kind: 'warning'; readonly message: string };

export interface WorkerOptions {
  readonly definitions: ReadonlyMap<string, JobDefinition>;
  readonly concurrency: number;
  /** Runs attempt number `attempt` of a job (1 for the first); throws the attempt's EB01/EB02 when it failed. */
  readonly perform: (definition: JobDefinition, job: JobRecord, attempt: number) => Promise<void>;
  /** Called once a job has used its last attempt, number `attempt`, before it is dead-lettered. */
  readonly onDead: (definition: JobDefinition, job: JobRecord, attempt: number, error: Error) => Promise<void>;
  readonly onEvent: (event: WorkerEvent) => void;
  readonly backoffBaseSeconds: number;
}

export interface JobWorker {
  /** Stops taking jobs and waits for the attempts in progress to end. */
  stop(): Promise<void>;
}

export interface JobStore {
  /** Where the queue lives, without credentials, for messages. */
  readonly location: string;
  enqueue(request: EnqueueRequest): Promise<string>;
  get(id: string): Promise<JobRecord | undefined>;
  list(filter: ListFilter): Promise<JobRecord[]>;
  /**
   * Puts a dead (or failed, waiting) job back in the queue to run now, with a fresh retry
   * budget for a dead one; undefined when there is no such job, the record when its state
   * does not allow it.
   */
  retry(id: string, only?: 'dead'): Promise<{ retried: boolean; job: JobRecord } | undefined>;
  /** Removes a job that has not started (queued, or failed and waiting); false when there is none such. */
  cancel(id: string): Promise<boolean>;
  /** Removes every completed job; how many. */
  clearCompleted(): Promise<number>;
  work(options: WorkerOptions): Promise<JobWorker>;
  close(): Promise<void>;
}

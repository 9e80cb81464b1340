/**
 * The jobs of one running program: its job declarations (`$p.job(...)`), the queue they go
 * through (opened on first use), and the worker that runs them.
 *
 * Under `loom run` the first enqueue starts a worker in the process, and when the program has
 * ended `drain` waits until every job it enqueued to run now has completed or been
 * dead-lettered (by this worker or any other on the same queue); the dead ones are reported as
 * EB03 and fail the run. Jobs enqueued for later (`enqueue_in`) stay in the queue for a worker.
 * Under `loom jobs work` the CLI starts the worker itself and nothing is drained.
 */
import { LoomError } from '../../errors.js';
import { fail } from '../core/script-error.js';
import { describe, isDict } from '../core/values.js';
import { deadLettered, runAttempt, runOnFailure } from './attempt.js';
import { backoffBaseSeconds, defineJob, isPriority, jobArguments, PRIORITY_RANK } from './definition.js';
import type { JobDeclarationOptions, JobDefinition } from './definition.js';
import { isJobState, JOB_STATES } from './store.js';
import type { JobRecord, JobStore, JobWorker, WorkerEvent } from './store.js';

/** A job as a value of the program: `Mail.enqueue({...})`, `spawn Mail(...)`. */
export class JobHandle {
  constructor(readonly definition: JobDefinition) {}

  loomDisplay(): string {
    return `Job(${this.definition.name})`;
  }
}

/**
 * `JobQueue`, the queue as a value of the program (the Nexa examples' `JobQueue.status(id)`):
 * `status(id)`, `list_jobs([status])`, `cancel(id)`, `clear_completed()`, `retry(id)`.
 */
export class JobQueueView {
  loomDisplay(): string {
    return 'JobQueue';
  }
}

/** Attempts run at once by the worker of `loom run`. */
const RUN_WORKER_CONCURRENCY = 4;
/** How often `drain` asks the queue about jobs another process may be running. */
const DRAIN_POLL_MS = 200;
const MS_PER_SECOND = 1000;

export interface ProgramJobsHost {
  /** Opens the project's queue; the host chooses its backend (runtime/host/open-job-store.ts). */
  readonly openStore: () => Promise<JobStore>;
  readonly env: NodeJS.ProcessEnv;
  /** A job failure or a queue problem, reported without stopping the program. */
  readonly report: (error: unknown) => void;
}

export class ProgramJobs {
  readonly definitions = new Map<string, JobDefinition>();
  readonly view = new JobQueueView();
  private store: Promise<JobStore> | undefined;
  private runWorker: Promise<JobWorker> | undefined;
  /** Jobs enqueued by this run and not yet seen completed or dead: id → job name. */
  private readonly pending = new Map<string, string>();
  private readonly dead = new Map<string, JobRecord>();
  private wakeDrain: (() => void) | undefined;
  /** Set by `loom jobs work`: the CLI runs the worker, enqueued jobs are not drained here. */
  private workerMode = false;
  /**
   * Cleared by `loom serve`: nothing ever drains a server's jobs, so remembering each one it
   * enqueued until this process sees it end would keep every id of a long-lived server (and
   * forever those another worker ran or that went dead).
   */
  private drains = true;

  constructor(private readonly host: ProgramJobsHost) {}

  declare(options: JobDeclarationOptions): JobHandle {
    const definition = defineJob(options);
    this.definitions.set(definition.name, definition);
    return new JobHandle(definition);
  }

  queue(): Promise<JobStore> {
    this.store ??= this.host.openStore().catch((error: unknown) => {
      this.store = undefined;
      throw new LoomError('E105', `cannot open the job queue: ${(error as Error).message}`, undefined, { cause: error });
    });
    return this.store;
  }

  /** `Mail.enqueue(args)`, `Mail.enqueue(args, {priority: ...})`, `Mail.enqueue_in(seconds, args)`. */
  async callMethod(job: JobHandle, name: string, positional: readonly unknown[]): Promise<unknown> {
    if (name === 'enqueue') {
      const [args, options] = positional;
      return this.enqueue(job, [], argumentsDict(job, args), 0, options);
    }
    if (name === 'enqueue_in') {
      const [seconds, args, options] = positional;
      if (typeof seconds !== 'number' || !(seconds >= 0)) return fail(`${job.definition.name}.enqueue_in expects a number of seconds first, got ${describe(seconds)}`);
      return this.enqueue(job, [], argumentsDict(job, args), seconds * MS_PER_SECOND, options);
    }
    return fail(`job ${job.definition.name} has no method '${name}' (jobs have enqueue and enqueue_in)`);
  }

  /** `JobQueue.status(id)` and the other methods of the queue value. */
  async callQueueMethod(name: string, positional: readonly unknown[]): Promise<unknown> {
    const [first] = positional;
    const id = (): string => (typeof first === 'string' ? first : fail(`JobQueue.${name} expects a job id (a string), got ${describe(first)}`));
    const store = await this.queue();
    switch (name) {
      case 'status':
        return (await store.get(id()))?.state ?? null;
      case 'list_jobs': {
        if (first !== undefined && first !== null && (typeof first !== 'string' || !isJobState(first))) {
          return fail(`JobQueue.list_jobs takes a state (${JOB_STATES.join(', ')}), got ${describe(first)}`);
        }
        const jobs = await store.list({ state: typeof first === 'string' && isJobState(first) ? first : undefined });
        return jobs.map((job) => ({ id: job.id, job: job.name, queue: job.queue, state: job.state, attempts: job.attempts, args: job.args, last_error: job.lastError }));
      }
      case 'cancel': {
        const cancelled = await store.cancel(id());
        if (cancelled) this.settle(id(), undefined);
        return cancelled;
      }
      case 'clear_completed':
        return store.clearCompleted();
      case 'retry':
        return (await store.retry(id()))?.retried ?? false;
      default:
        return fail(`JobQueue has no method '${name}' (it has status, list_jobs, cancel, clear_completed and retry)`);
    }
  }

  /** `spawn Mail(user, subject: s)`: the job's id. */
  async enqueue(job: unknown, positional: readonly unknown[], named: Readonly<Record<string, unknown>>, delayMs = 0, options?: unknown): Promise<string> {
    if (!(job instanceof JobHandle)) return fail(`${describe(job)} is not a job`);
    let definition = job.definition;
    if (options !== undefined && options !== null) {
      if (!isDict(options) || Object.keys(options).some((key) => key !== 'priority')) return fail(`the options of ${definition.name}.enqueue are a dict with 'priority', got ${describe(options)}`);
      const priority = options['priority'];
      if (priority !== undefined) {
        if (typeof priority !== 'string' || !isPriority(priority)) return fail(`priority must be one of ${Object.keys(PRIORITY_RANK).join(', ')}, got ${describe(priority)}`);
        definition = { ...definition, priority };
      }
    }
    const args = jobArguments(definition, positional, named);
    const store = await this.queue();
    const id = await store.enqueue({ definition, args, delayMs });
    if (!this.workerMode) {
      // A job for later (`enqueue_in`) is left to the workers: the run does not wait for it.
      if (delayMs === 0 && this.drains) this.pending.set(id, definition.name);
      this.runWorker ??= this.startWorker(RUN_WORKER_CONCURRENCY, (event) => this.onRunEvent(event));
      await this.runWorker;
    }
    return id;
  }

  /** Starts a worker for this program's jobs (`loom jobs work` calls it with its own event sink). */
  async startWorker(concurrency: number, onEvent: (event: WorkerEvent) => void): Promise<JobWorker> {
    if (this.definitions.size === 0) throw new Error('the program declares no jobs');
    const store = await this.queue();
    return store.work({
      definitions: this.definitions,
      concurrency,
      backoffBaseSeconds: backoffBaseSeconds(this.host.env),
      perform: (definition, job, attempt) => runAttempt(definition, job, attempt),
      onDead: async (definition, job, attempt, error) => {
        const failure = await runOnFailure(definition, job, attempt, error);
        if (failure !== undefined) this.host.report(failure);
      },
      onEvent,
    });
  }

  /** For `loom jobs work`: jobs the program enqueues are for the workers, not drained by it. */
  serveAsWorker(): void {
    this.workerMode = true;
  }

  /** For `loom serve`: the in-process worker runs the jobs the program enqueues, and nothing waits for them. */
  serveRequests(): void {
    this.drains = false;
  }

  /** How many enqueued jobs this program still remembers, to wait for them or report them dead. */
  get rememberedJobCount(): number {
    return this.pending.size + this.dead.size;
  }

  private onRunEvent(event: WorkerEvent): void {
    switch (event.kind) {
      case 'completed':
        this.settle(event.job.id, undefined);
        break;
      case 'dead':
        this.host.report(event.error);
        this.settle(event.job.id, event.job);
        break;
      case 'retrying':
        this.host.report(event.error);
        break;
      case 'warning':
        this.host.report(new Error(event.message));
        break;
      case 'recovered':
        break;
    }
  }

  private settle(id: string, dead: JobRecord | undefined): void {
    if (!this.pending.delete(id)) return;
    if (dead !== undefined) this.dead.set(id, dead);
    this.wakeDrain?.();
  }

  /**
   * Waits until every job this run enqueued has completed or is dead, then stops the worker;
   * returns an EB03 for each dead one, in the order they were enqueued.
   */
  async drain(): Promise<LoomError[]> {
    while (this.pending.size > 0) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.wakeDrain = undefined;
          resolve();
        };
        const timer = setTimeout(done, DRAIN_POLL_MS);
        this.wakeDrain = done;
      });
      if (this.pending.size === 0 || this.store === undefined) break;
      // Another worker on the same queue may have run some of them.
      const store = await this.store;
      for (const id of [...this.pending.keys()]) {
        const job = await store.get(id);
        // A job removed from the queue (JobQueue.cancel, clear_completed) has nothing left to wait for.
        if (job === undefined || job.state === 'completed') this.settle(id, undefined);
        else if (job?.state === 'dead') this.settle(id, job);
      }
    }
    await this.close();
    return [...this.dead.values()].map((job) => deadLettered(job.name, job.id, job.attempts, job.lastError));
  }

  /** Stops the worker (waiting for attempts in progress) and closes the queue. */
  async close(): Promise<void> {
    const worker = this.runWorker;
    this.runWorker = undefined;
    if (worker !== undefined) await (await worker.catch(() => undefined))?.stop();
    const store = this.store;
    this.store = undefined;
    if (store !== undefined) await (await store.catch(() => undefined))?.close();
  }
}

function argumentsDict(job: JobHandle, args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (isDict(args)) return args;
  return fail(`${job.definition.name}.enqueue expects a dict of arguments by name, got ${describe(args)}`);
}

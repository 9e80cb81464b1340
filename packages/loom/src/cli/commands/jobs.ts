/**
 * `loom jobs`: the job queue of a project, read and worked from any process —
 *
 *     loom jobs [FILE] [--status S] [--dead-letter] [--json]   list jobs
 *     loom jobs [FILE] --retry-dead-letter ID                  put a dead job back in the queue
 *     loom jobs retry ID                                       the same, also for a failed job waiting to retry
 *     loom jobs work FILE [--concurrency N]                    run a worker for FILE's jobs
 *
 * The queue is `LOOM_JOBS_URL` when set, else `.loom/jobs.db` under the project root of FILE
 * (or of the current directory), so `loom jobs main.nx --dead-letter` and `loom jobs
 * --dead-letter` in the project read the same queue.
 */
import { isJobState, JOB_STATES } from '../../runtime/jobs/store.js';
import type { JobRecord, JobStore, WorkerEvent } from '../../runtime/jobs/store.js';
import { UsageError } from '../command.js';
import type { CliIo, Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import type { ExitStatus } from '../exit-codes.js';

const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 1000;
const ERROR_COLUMN_WIDTH = 60;

function usage(message: string): UsageError {
  return new UsageError(message, 'jobs');
}

/** A queue that cannot be opened (Redis away, a bad LOOM_JOBS_URL) ends the command with status 1. */
class QueueUnavailable extends Error {}

async function openQueue(file: string | undefined, io: CliIo): Promise<JobStore> {
  const { findProjectRoot, findProjectRootFrom, openJobStore } = await import('../toolchain.js');
  const root = file === undefined ? findProjectRootFrom(process.cwd()) : findProjectRoot(file);
  try {
    return await openJobStore(root, io.env);
  } catch (error) {
    throw new QueueUnavailable(`cannot open the job queue: ${(error as Error).message}`);
  }
}

function json(job: JobRecord): Record<string, unknown> {
  return {
    id: job.id, job: job.name, queue: job.queue, state: job.state, attempts: job.attempts, max_attempts: job.maxAttempts,
    args: job.args, last_error: job.lastError, created_at: new Date(job.createdAt).toISOString(), updated_at: new Date(job.updatedAt).toISOString(),
  };
}

function table(jobs: readonly JobRecord[]): string {
  const rows = jobs.map((job) => [
    job.id, job.name, job.queue, job.state, `${job.attempts}/${job.maxAttempts}`, new Date(job.updatedAt).toISOString(),
    job.lastError === null ? '' : job.lastError.length > ERROR_COLUMN_WIDTH ? `${job.lastError.slice(0, ERROR_COLUMN_WIDTH - 1)}…` : job.lastError,
  ]);
  const header = ['ID', 'JOB', 'QUEUE', 'STATE', 'ATTEMPTS', 'UPDATED', 'LAST ERROR'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n') + '\n';
}

async function list(file: string | undefined, options: Readonly<Record<string, string | boolean | undefined>>, io: CliIo): Promise<ExitStatus> {
  const status = options['dead-letter'] === true ? 'dead' : options['status'];
  if (typeof status === 'string' && !isJobState(status)) throw usage(`--status takes one of ${JOB_STATES.join(', ')}, got '${status}'`);
  if (options['dead-letter'] === true && typeof options['status'] === 'string' && options['status'] !== 'dead') throw usage('--dead-letter lists dead jobs; it cannot be combined with another --status');
  const store = await openQueue(file, io);
  try {
    const jobs = await store.list({ state: typeof status === 'string' && isJobState(status) ? status : undefined });
    if (options['json'] === true) {
      io.stdout.write(`${JSON.stringify(jobs.map(json))}\n`);
    } else if (jobs.length === 0) {
      io.stdout.write(`no ${typeof status === 'string' ? `${status} ` : ''}jobs in ${store.location}\n`);
    } else {
      io.stdout.write(table(jobs));
    }
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function retry(file: string | undefined, id: string, only: 'dead' | undefined, options: Readonly<Record<string, string | boolean | undefined>>, io: CliIo): Promise<ExitStatus> {
  const store = await openQueue(file, io);
  try {
    const outcome = await store.retry(id, only);
    if (outcome === undefined) {
      io.stderr.write(`loom jobs: no job ${id} in ${store.location}\n`);
      return ExitCode.runtimeError;
    }
    if (options['json'] === true) io.stdout.write(`${JSON.stringify({ retried: outcome.retried, job: json(outcome.job) })}\n`);
    if (!outcome.retried) {
      const allowed = only === 'dead' ? 'dead' : 'dead or failed';
      io.stderr.write(`loom jobs: job ${id} (${outcome.job.name}) is ${outcome.job.state}; only a ${allowed} job can be retried\n`);
      return ExitCode.runtimeError;
    }
    if (options['json'] !== true) io.stdout.write(`job ${id} (${outcome.job.name}) is queued again\n`);
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

function describeEvent(event: WorkerEvent): string {
  switch (event.kind) {
    case 'completed':
      return `completed ${event.job.name} ${event.job.id} in ${event.elapsedMs} ms`;
    case 'retrying':
      return `failed ${event.job.name} ${event.job.id} (attempt ${event.attempt} of ${event.job.maxAttempts}), retrying in ${event.retryInMs} ms: ${event.job.lastError ?? event.error.message}`;
    case 'dead':
      return `dead ${event.job.name} ${event.job.id} after ${event.job.attempts} attempt${event.job.attempts === 1 ? '' : 's'}: ${event.job.lastError ?? event.error.message}`;
    case 'recovered':
      return `recovered ${event.jobIds.length} job${event.jobIds.length === 1 ? '' : 's'} of a worker that stopped: ${event.jobIds.join(', ')}`;
    case 'warning':
      return `warning: ${event.message}`;
  }
}

async function work(file: string, options: Readonly<Record<string, string | boolean | undefined>>, io: CliIo): Promise<ExitStatus> {
  const written = options['concurrency'];
  const concurrency = written === undefined ? DEFAULT_CONCURRENCY : Number(written);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) throw usage(`--concurrency takes a whole number from 1 to ${MAX_CONCURRENCY}, got '${String(written)}'`);
  const { loadProgram, workJobs } = await import('../toolchain.js');
  const loaded = await loadProgram(file, io, { debug: false, args: [] });
  if (loaded === undefined) return ExitCode.compileError;
  const progress = new ProgressLines(io);
  let stop: (signal: NodeJS.Signals) => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = (signal) => {
      progress.add(`loom jobs work: ${signal}, finishing the jobs in progress\n`);
      // A second Ctrl-C is Node's default again: it ends the process at once.
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  try {
    const status = await workJobs(loaded, {
      concurrency,
      stopped,
      onEvent: (event) => progress.add(`loom jobs work: ${describeEvent(event)}\n`),
      onReady: ({ jobs, queues, location }) => {
        progress.add(`loom jobs work: ready, working ${jobs.join(', ')} on queue${queues.length === 1 ? '' : 's'} ${queues.join(', ')} in ${location}, concurrency ${concurrency}; Ctrl-C stops\n`);
        progress.flush();
      },
    });
    return status as ExitStatus;
  } finally {
    // Whether a signal stopped the worker or it ended (or failed) by itself.
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    progress.flush();
  }
}

/** How often a busy worker writes its progress lines. */
const PROGRESS_FLUSH_MS = 100;

/**
 * A worker's progress, one line per job, written a tenth of a second at a time: a worker
 * running thousands of jobs a second would otherwise spend much of it in one write per line.
 */
class ProgressLines {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly io: CliIo) {}

  add(line: string): void {
    this.pending += line;
    this.timer ??= setTimeout(() => this.flush(), PROGRESS_FLUSH_MS);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === '') return;
    this.io.stderr.write(this.pending);
    this.pending = '';
  }
}

export const jobsCommand: Command = {
  name: 'jobs',
  summary: 'List, retry and work the background jobs of a project',
  description:
    'Lists the jobs of the queue (newest first, at most 1000): `loom jobs [FILE] [--status S] [--dead-letter] [--json]`, ' +
    `S one of ${JOB_STATES.join(', ')} (failed: failed and waiting for its next attempt; dead: dead-lettered). ` +
    '`--retry-dead-letter ID` puts a dead job back in the queue with a fresh retry budget; `loom jobs retry ID` does the same ' +
    'and also runs a failed job waiting for its backoff now. `loom jobs work FILE [--concurrency N]` runs a worker for the jobs FILE ' +
    'declares (its declarations run, not its top-level statements or main) until SIGINT or SIGTERM, then lets the jobs in progress end; ' +
    'it reports each job on stderr.\n\n' +
    'The queue is LOOM_JOBS_URL when set (redis://[user:password@]host[:port][/db][?prefix=P] through BullMQ, or sqlite:PATH[?busy_timeout=MS], MS being how long to wait for a lock another process holds on the file), ' +
    'else .loom/jobs.db under the project root of FILE or of the current directory. ' +
    'Exit status: 0 success, 1 no such job or a job that cannot be retried, 2 compile errors, 64 usage error.',
  arguments: [{ name: 'retry|work|FILE', optional: true }, { name: 'ID|FILE', optional: true }],
  options: {
    status: { type: 'string', description: `List only jobs in state S (${JOB_STATES.join(', ')})`, valueName: 'S' },
    'dead-letter': { type: 'boolean', description: 'List the dead-lettered jobs (--status dead)' },
    'retry-dead-letter': { type: 'string', description: 'Put the dead job ID back in the queue', valueName: 'ID' },
    concurrency: { type: 'string', description: `With 'work': attempts run at once (default ${DEFAULT_CONCURRENCY})`, valueName: 'N' },
    json: { type: 'boolean', description: 'Print the listing (or the retried job) as JSON' },
  },
  async run(invocation, io) {
    try {
      return await dispatch(invocation.arguments, invocation.options, io);
    } catch (error) {
      if (!(error instanceof QueueUnavailable)) throw error;
      io.stderr.write(`loom jobs: ${error.message}\n`);
      return ExitCode.runtimeError;
    }
  },
};

async function dispatch([first, second]: readonly string[], options: Readonly<Record<string, string | boolean | undefined>>, io: CliIo): Promise<ExitStatus> {
    if (first === 'work') {
      if (second === undefined) throw usage("missing FILE for 'loom jobs work'");
      return work(second, options, io);
    }
    if (typeof options['concurrency'] === 'string') throw usage("--concurrency is for 'loom jobs work FILE'");
    if (first === 'retry') {
      if (second === undefined) throw usage("missing ID for 'loom jobs retry'");
      return retry(undefined, second, undefined, options, io);
    }
    if (second !== undefined) throw usage(`unexpected argument '${second}' for 'loom jobs'`);
    const deadId = options['retry-dead-letter'];
    if (typeof deadId === 'string') return retry(first, deadId, 'dead', options, io);
    return list(first, options, io);
}

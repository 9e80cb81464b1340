/**
 * Loom job throughput, end to end through real `loom jobs work` worker processes.
 *
 * SQLite: two workers on one `.loom/jobs.db`; the jobs are enqueued through the queue's own
 * `enqueue` while the workers wait, and the clock runs from the first enqueue until every job
 * is completed in the database. Target: ≥ 2,000 jobs/s.
 *
 * Redis: one Loom worker against one bare BullMQ worker (same concurrency, the same trivial
 * work, each in a process of its own) on queues of their own, in the same run. Both are
 * started first; then, in rounds that alternate which side goes first, each gets the same
 * number of jobs with one `addBulk` in the shape Loom enqueues (name, `{args}`, attempts,
 * backoff, priority, job id), and the clock runs until its queue counts them all completed.
 * Target: Loom ≥ 70% of the bare worker's jobs/s.
 * Run: node --import tsx bench/loom-jobs.bench.ts
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { defineJob } from '../packages/loom/src/runtime/jobs/definition.js';
import { openJobStore } from '../packages/loom/src/runtime/host/open-job-store.js';
import { report } from './support/stats.js';

const LOOM_BIN = fileURLToPath(new URL('../packages/loom/bin/loom.js', import.meta.url));
const BARE_WORKER = fileURLToPath(new URL('./support/bare-bullmq-worker.ts', import.meta.url));
const REDIS_URL = process.env['LOOM_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379/0';
const SQLITE_JOBS = 10_000;
const REDIS_JOBS = 2_000;
const REDIS_ROUNDS = 4;
const SQLITE_WORKERS = 2;
const CONCURRENCY = 8;
const TARGET_SQLITE_JOBS_PER_SECOND = 2_000;
const TARGET_REDIS_RATIO = 0.7;
const POLL_MS = 10;
const PROGRAM = 'job Tick on "ticks" (retry: 0) {\n    perform(n) { return n + 1 }\n}\n';

const project = mkdtempSync(join(tmpdir(), 'loom-jobs-bench-'));
writeFileSync(join(project, 'loom.toml'), '');
writeFileSync(join(project, 'tick.nx'), PROGRAM);
const children: ChildProcess[] = [];

function startWorker(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [LOOM_BIN, 'jobs', 'work', 'tick.nx', '--concurrency', String(CONCURRENCY)], {
    cwd: project, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    const onData = (chunk: Buffer): void => {
      stderr += chunk.toString();
      // Once ready its progress lines go unread (one per job), as a worker's in a service would.
      if (stderr.includes('ready, working')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`worker exited (${code}): ${stderr}`)));
  });
}

/** The baseline: a bare BullMQ worker in a process of its own, as the Loom worker is. */
function startBareWorker(prefix: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_WORKER, REDIS_URL, prefix, 'bare-ticks', String(CONCURRENCY)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`bare worker exited (${code})`)));
  });
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

const tick = defineJob({ name: 'Tick', queue: 'ticks', retry: 0, parameters: ['n'], perform: () => null });

async function sqliteJobsPerSecond(): Promise<number> {
  const store = await openJobStore(project, {});
  await Promise.all(Array.from({ length: SQLITE_WORKERS }, () => startWorker({})));
  const { default: Database } = await import('better-sqlite3');
  const reader = new Database(join(project, '.loom', 'jobs.db'), { readonly: true });
  const completed = reader.prepare<[], { n: number }>("SELECT count(*) AS n FROM loom_jobs WHERE state = 'completed'");
  const started = performance.now();
  for (let n = 0; n < SQLITE_JOBS; n += 1) await store.enqueue({ definition: tick, args: { n } });
  await until(async () => (completed.get()?.n ?? 0) >= SQLITE_JOBS);
  const seconds = (performance.now() - started) / 1000;
  reader.close();
  await store.close();
  // They would only add noise to the Redis figures.
  for (const child of children.splice(0)) child.kill('SIGKILL');
  return SQLITE_JOBS / seconds;
}

/** Adds a round of jobs as Loom enqueues them; the seconds until the queue has `completedAfter` completed. */
async function drainSeconds(queue: Queue, completedAfter: number): Promise<number> {
  const jobs = Array.from({ length: REDIS_JOBS }, (_unused, n) => ({
    name: 'Tick', data: { args: { n } }, opts: { jobId: randomUUID(), attempts: 1, backoff: { type: 'loom-exponential' }, priority: 3 },
  }));
  const started = performance.now();
  await queue.addBulk(jobs);
  await until(async () => (await queue.getJobCounts('completed')).completed >= completedAfter);
  return (performance.now() - started) / 1000;
}

async function redisFigures(): Promise<{ loom: number; bare: number }> {
  const prefix = `loombench-jobs-${randomUUID().slice(0, 8)}`;
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  const bareQueue = new Queue('bare-ticks', { connection, prefix });
  const loomQueue = new Queue('ticks', { connection, prefix });
  try {
    await Promise.all([startBareWorker(prefix), startWorker({ LOOM_JOBS_URL: `${REDIS_URL}?prefix=${prefix}` })]);
    // Rounds alternate which goes first, so a burst of load on the shared machine does not
    // land on one side only; the figure of each side is its jobs over its total time.
    let bareSeconds = 0;
    let loomSeconds = 0;
    for (let round = 0; round < REDIS_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [bareQueue, loomQueue] : [loomQueue, bareQueue];
      for (const queue of order) {
        const seconds = await drainSeconds(queue, (round + 1) * REDIS_JOBS);
        if (queue === bareQueue) bareSeconds += seconds;
        else loomSeconds += seconds;
      }
    }
    return { loom: (REDIS_ROUNDS * REDIS_JOBS) / loomSeconds, bare: (REDIS_ROUNDS * REDIS_JOBS) / bareSeconds };
  } finally {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await bareQueue.close();
    await loomQueue.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}

try {
  const sqlite = await sqliteJobsPerSecond();
  report('loom jobs through the SQLite queue, 2 workers', `>= ${TARGET_SQLITE_JOBS_PER_SECOND} jobs/s`, sqlite >= TARGET_SQLITE_JOBS_PER_SECOND, {
    jobs: SQLITE_JOBS, workers: SQLITE_WORKERS, concurrency: CONCURRENCY, jobsPerSecond: Math.round(sqlite),
  });
  const { loom, bare } = await redisFigures();
  report('loom jobs on Redis vs a bare BullMQ worker', `>= ${TARGET_REDIS_RATIO * 100}% of bare`, loom >= TARGET_REDIS_RATIO * bare, {
    jobs: REDIS_JOBS * REDIS_ROUNDS, rounds: REDIS_ROUNDS, concurrency: CONCURRENCY, loomJobsPerSecond: Math.round(loom), bareJobsPerSecond: Math.round(bare), ratio: Math.round((loom / bare) * 100) / 100,
  });
} finally {
  for (const child of children) child.kill('SIGKILL');
  rmSync(project, { recursive: true, force: true });
}

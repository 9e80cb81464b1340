/**
 * A throwaway project for the job tests: a temporary directory (its own `.loom/jobs.db`), or
 * a Redis key prefix of its own on the machine's real Redis, with the real `loom` executable
 * run in it as child processes — `loom run`, `loom jobs …` and `loom jobs work` workers that a
 * test can kill with SIGKILL.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { openJobStore } from '../../../src/runtime/host/open-job-store.js';
import type { JobRecord, JobStore } from '../../../src/runtime/jobs/store.js';
import { defineJob } from '../../../src/runtime/jobs/definition.js';
import { REDIS_URL, uniqueName } from '../../support/services.js';

const LOOM_BIN = fileURLToPath(new URL('../../../bin/loom.js', import.meta.url));

export type Backend = 'sqlite' | 'redis';

export interface LoomResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Worker {
  readonly child: ChildProcess;
  stderr: string;
  stdout: string;
  readonly exited: Promise<number | null>;
}

export class JobProject {
  readonly dir = mkdtempSync(join(tmpdir(), 'loom-jobs-'));
  private readonly prefix = uniqueName('jobs');
  readonly env: NodeJS.ProcessEnv;
  private readonly workers: Worker[] = [];

  constructor(readonly backend: Backend, env: NodeJS.ProcessEnv = {}) {
    this.env = {
      PATH: process.env['PATH'],
      NO_COLOR: '1',
      LOOM_JOBS_BACKOFF_SECONDS: '0.05',
      ...(backend === 'redis' ? { LOOM_JOBS_URL: `${REDIS_URL}?prefix=${this.prefix}` } : {}),
      ...env,
    };
    // The directory is the project root, whatever lies above it.
    writeFileSync(join(this.dir, 'loom.toml'), '');
  }

  write(name: string, text: string): string {
    const path = join(this.dir, name);
    writeFileSync(path, text);
    return path;
  }

  path(name: string): string {
    return join(this.dir, name);
  }

  loom(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<LoomResult> {
    return new Promise((resolve) => {
      execFile(process.execPath, [LOOM_BIN, ...args], { cwd: this.dir, env: { ...this.env, ...env } }, (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status, stdout, stderr });
      });
    });
  }

  /** Starts `loom jobs work FILE`; resolves once it says it is ready. */
  async startWorker(file: string, concurrency: number, env: NodeJS.ProcessEnv = {}): Promise<Worker> {
    const child = spawn(process.execPath, [LOOM_BIN, 'jobs', 'work', file, '--concurrency', String(concurrency)], {
      cwd: this.dir, env: { ...this.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const worker: Worker = { child, stderr: '', stdout: '', exited };
    this.workers.push(worker);
    child.stdout.on('data', (chunk: Buffer) => (worker.stdout += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        worker.stderr += chunk.toString();
        if (worker.stderr.includes('ready, working')) resolve();
      });
      void exited.then((code) => reject(new Error(`the worker exited (${code}) before it was ready:\n${worker.stderr}`)));
    });
    return worker;
  }

  /** The project's queue, as the CLI opens it. */
  queue(): Promise<JobStore> {
    return openJobStore(this.dir, this.env);
  }

  /** Enqueues straight into the queue, as another program would. */
  async enqueue(store: JobStore, name: string, queue: string, parameters: readonly string[], args: Record<string, unknown>): Promise<string> {
    const definition = defineJob({ name, queue, parameters, perform: () => null });
    return store.enqueue({ definition, args });
  }

  async cleanUp(): Promise<void> {
    for (const worker of this.workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await Promise.all(this.workers.map((worker) => worker.exited));
    rmSync(this.dir, { recursive: true, force: true });
    if (this.backend === 'redis') {
      const redis = new Redis(REDIS_URL);
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${this.prefix}:*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  }
}

/** Polls `check` until it holds or `timeoutMs` passes (then fails with `what`). */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function statesOf(store: JobStore): Promise<Map<string, JobRecord>> {
  return new Map((await store.list({})).map((job) => [job.id, job]));
}

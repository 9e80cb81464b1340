/**
 * Chooses the job queue of a project, for the hosts that need one (a running program's jobs,
 * `loom jobs`): `LOOM_JOBS_URL` when set (`redis://…`, `sqlite:PATH[?busy_timeout=MS]`), else `.loom/jobs.db`
 * under the project root. The backends are imported only once chosen, so neither BullMQ and
 * Redis nor SQLite is loaded by a program that never touches a job.
 */
import { join, resolve } from 'node:path';
import { sqliteLocation } from '../infra/db/url-settings.js';
import { withoutCredentials } from '../infra/redacted-url.js';
import type { JobStore } from '../jobs/store.js';

/** How long a worker holds a job before another may take it over (renewed while it runs). */
export const DEFAULT_LEASE_SECONDS = 30;
const MS_PER_SECOND = 1000;

export function leaseMs(env: NodeJS.ProcessEnv): number {
  const written = env['LOOM_JOBS_LEASE_SECONDS'];
  const seconds = written === undefined || written === '' ? DEFAULT_LEASE_SECONDS : Number(written);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`LOOM_JOBS_LEASE_SECONDS must be a positive number of seconds, got '${written}'`);
  return seconds * MS_PER_SECOND;
}

const REDIS_URL = /^rediss?:\/\//;
const SQLITE_PREFIX = /^sqlite:(\/\/)?/;

/** The queue of a project: `LOOM_JOBS_URL` when set (`redis://…`, `sqlite:PATH[?busy_timeout=MS]`), else `.loom/jobs.db` under the root. */
export async function openJobStore(projectRoot: string, env: NodeJS.ProcessEnv): Promise<JobStore> {
  const url = env['LOOM_JOBS_URL'];
  if (url !== undefined && url !== '' && REDIS_URL.test(url)) {
    const { openBullmqStore } = await import('../jobs/bullmq-store.js');
    return openBullmqStore(url, leaseMs(env));
  }
  if (url !== undefined && url !== '' && !SQLITE_PREFIX.test(url)) {
    throw new Error(`LOOM_JOBS_URL must be redis://…, rediss://… or sqlite:PATH, got '${withoutCredentials(url)}'`);
  }
  const { openSqliteStore } = await import('../jobs/sqlite-store.js');
  // `sqlite:PATH?busy_timeout=MS`, read as a program's SQLite URL is.
  const { path, busyTimeoutMs } = sqliteLocation(url === undefined || url === '' ? join(projectRoot, '.loom', 'jobs.db') : url.replace(SQLITE_PREFIX, ''));
  return openSqliteStore(resolve(projectRoot, path), leaseMs(env), busyTimeoutMs);
}

/**
 * The PostgreSQL and Redis servers of this machine kind (127.0.0.1:5432 user root db test;
 * 127.0.0.1:6379), which `.ci/run` starts when they are stopped. Tests use them for real and
 * skip, with the reason shown, only when the server's binary is not installed at all; a
 * server that is installed but down fails the test instead of hiding it. Every run works under
 * names of its own (a key prefix, table names), so runs in parallel never meet.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

function installed(binary: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A `skip` reason for node:test when the server is not installed, else false. */
export const redisSkip: string | false = installed('redis-server') || installed('redis-cli') ? false : 'redis-server is not installed on this machine';
export const postgresSkip: string | false = installed('postgres') || installed('psql') ? false : 'PostgreSQL is not installed on this machine';

export const REDIS_URL = process.env.LOOM_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
export const POSTGRES_URL = process.env.LOOM_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** A name no other run uses: `loomtest_<hex>`. */
export function uniqueName(label: string): string {
  return `loomtest_${label}_${randomBytes(6).toString('hex')}`;
}

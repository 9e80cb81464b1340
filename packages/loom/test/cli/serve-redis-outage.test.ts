/**
 * `loom serve` with its job queue and a kv store on Redis outlives a Redis outage: during it,
 * enqueueing and job status answer 500 E105 at once, and the store's route 500 E601; after it,
 * a queue the server had not used before the outage takes jobs, status lookups answer, the
 * in-process worker runs the jobs again and the store works.
 * Before, the queue's admin connection never reconnected, so those routes answered 500 until
 * the server was restarted. Against a redis-server of the test's own, restarted with its data.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startPrivateRedis } from '../support/redis-faults.js';
import { redisSkip } from '../support/services.js';
import { serve } from './serve-support.js';

const project = mkdtempSync(join(tmpdir(), 'loom-serve-redis-'));
after(() => rmSync(project, { recursive: true, force: true }));

const OUTAGE_MS = 3000;
const FAIL_FAST_LIMIT_MS = 2500;
const COMPLETION_LIMIT_MS = 15_000;
const POLL_MS = 100;

/** The program, its kv store on `redisUrl` (the queue's is given by LOOM_JOBS_URL). */
const program = (redisUrl: string): string => `kv cache = open("${redisUrl}?prefix=outage_kv:")

job First on "first_queue" (retry: 0) { perform(n) { print("first #{n}") } }
job Second on "second_queue" (retry: 0) { perform(n) { print("second #{n}") } }

server 8080 {
    route POST "/first" => enqueue_first
    route POST "/second" => enqueue_second
    route GET "/status/{id}" => status
    route POST "/hits" => hit
}

flow enqueue_first() { return {id: First.enqueue({"n": 1})} }
flow enqueue_second() { return {id: Second.enqueue({"n": 2})} }
flow status(id) { return {state: JobQueue.status(id)} }
flow hit() { return {hits: cache.incr("hits")} }
`;

async function stateOf(url: string, id: string): Promise<unknown> {
  const answer = await fetch(`${url}/status/${id}`);
  assert.equal(answer.status, 200, await answer.clone().text());
  return ((await answer.json()) as { state: unknown }).state;
}

async function completes(url: string, id: string): Promise<void> {
  const started = Date.now();
  while ((await stateOf(url, id)) !== 'completed') {
    if (Date.now() - started > COMPLETION_LIMIT_MS) throw new Error(`job ${id} did not complete; it is ${String(await stateOf(url, id))}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

test('after a Redis outage a served job queue takes jobs on a new queue, answers status and works them, and a kv store answers again', { skip: redisSkip, timeout: 90_000 }, async () => {
  const redis = await startPrivateRedis();
  writeFileSync(join(project, 'main.nx'), program(redis.url));
  const served = await serve('main.nx', { cwd: project, env: { LOOM_JOBS_URL: `${redis.url}?prefix=outage`, LOOM_JOBS_BACKOFF_SECONDS: '0' } });
  try {
    const first = (await (await fetch(`${served.url}/first`, { method: 'POST' })).json()) as { id: string };
    await completes(served.url, first.id);
    assert.deepEqual(await (await fetch(`${served.url}/hits`, { method: 'POST' })).json(), { hits: 1 });

    await redis.stop();
    const started = Date.now();
    const during = await fetch(`${served.url}/second`, { method: 'POST' });
    assert.equal(during.status, 500);
    assert.deepEqual(await during.json(), { error: { code: 'E105', message: 'the handler enqueue_second failed' } });
    const status = await fetch(`${served.url}/status/${first.id}`);
    assert.equal(status.status, 500);
    const hit = await fetch(`${served.url}/hits`, { method: 'POST' });
    assert.deepEqual([hit.status, await hit.json()], [500, { error: { code: 'E601', message: 'the handler hit failed' } }]);
    assert.ok(Date.now() - started < 2 * FAIL_FAST_LIMIT_MS, 'all three failed fast, not after a hang');
    assert.match(served.stderr(), /the job queue redis:\/\/127\.0\.0\.1:\d+\/0\?prefix=outage is unreachable: Redis did not answer within 1000 ms; Loom keeps reconnecting/);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - started))));
    await redis.start();

    // A queue first used after the outage, a status lookup, and the worker: all as before it.
    const second = await fetch(`${served.url}/second`, { method: 'POST' });
    assert.equal(second.status, 200, await second.clone().text());
    const { id } = (await second.json()) as { id: string };
    assert.equal(await stateOf(served.url, first.id), 'completed');
    await completes(served.url, id);
    assert.match(served.stdout(), /second 2/);
    assert.deepEqual(await (await fetch(`${served.url}/hits`, { method: 'POST' })).json(), { hits: 2 });
    assert.equal(served.child.exitCode, null, `loom serve ended: ${served.stderr()}`);
  } finally {
    assert.equal(await served.stop(), 0);
    await redis.remove();
  }
});

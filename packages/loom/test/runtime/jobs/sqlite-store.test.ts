/**
 * The SQLite queue and the job definitions on their own: defaults and backoff, arguments by
 * parameter name, the claim with its lease (a lease that runs out hands the job to another
 * worker, without using up a retry; a worker that lost its lease cannot write an outcome),
 * priority, delayed jobs and retrying.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { BUSY_TIMEOUT } from '../../../src/runtime/infra/db/url-settings.js';
import { backoffBaseSeconds, backoffDelayMs, defineJob, jobArguments, performArguments } from '../../../src/runtime/jobs/definition.js';
import { openSqliteStore } from '../../../src/runtime/jobs/sqlite-store.js';
import type { SqliteJobStore } from '../../../src/runtime/jobs/sqlite-store.js';

const mail = defineJob({ name: 'Mail', queue: 'emails', parameters: ['to', 'subject'], perform: () => null });

async function withStore(leaseMs: number, use: (store: SqliteJobStore) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'loom-jobs-unit-'));
  const store = await openSqliteStore(join(dir, 'jobs.db'), leaseMs, BUSY_TIMEOUT.defaultValue);
  try {
    await use(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a job declaration gets Nexa defaults: 3 retries (4 attempts), exponential backoff, its own name as queue', () => {
  const job = defineJob({ name: 'Plain', parameters: [], perform: () => null });
  assert.equal(job.maxAttempts, 4);
  assert.equal(job.backoff, 'exponential');
  assert.equal(job.queue, 'Plain');
  assert.equal(job.timeoutMs, 300_000);
  assert.equal(job.priority, 'normal');
});

test('backoff waits fixed b,b,b / linear b,2b,3b / exponential b,2b,4b, capped at five minutes', () => {
  assert.deepEqual([1, 2, 3].map((failed) => backoffDelayMs('fixed', failed, 1)), [1000, 1000, 1000]);
  assert.deepEqual([1, 2, 3].map((failed) => backoffDelayMs('linear', failed, 1)), [1000, 2000, 3000]);
  assert.deepEqual([1, 2, 3].map((failed) => backoffDelayMs('exponential', failed, 1)), [1000, 2000, 4000]);
  assert.equal(backoffDelayMs('exponential', 30, 1), 300_000);
  assert.equal(backoffBaseSeconds({}), 1);
  assert.equal(backoffBaseSeconds({ LOOM_JOBS_BACKOFF_SECONDS: '0.25' }), 0.25);
  assert.throws(() => backoffBaseSeconds({ LOOM_JOBS_BACKOFF_SECONDS: 'soon' }), /LOOM_JOBS_BACKOFF_SECONDS must be a number of seconds/);
});

test('arguments bind by parameter name, positional ones in order; only JSON values can be enqueued', () => {
  const args = jobArguments(mail, ['a@example.com'], { subject: 'hi' });
  assert.deepEqual(args, { to: 'a@example.com', subject: 'hi' });
  assert.deepEqual(performArguments(mail, { subject: 'only' }), [null, 'only']);
  assert.throws(() => jobArguments(mail, [1, 2, 3], {}), (error: unknown) => error instanceof LoomError && error.code === 'E105' && /takes 2 arguments \(to, subject\), got 3/.test(error.message));
  assert.throws(() => jobArguments(mail, [() => 1], {}), /arguments\.to must be a JSON value/);
});

test('a claimed job is held under a lease; when it runs out another worker takes the job over, and the first can no longer settle it', async () => {
  await withStore(200, async (store) => {
    const id = await store.enqueue({ definition: mail, args: { to: 'x' } });
    const [first] = await store.settleAndClaim('far-away-host:1:aaaa', [], ['Mail'], 1);
    assert.equal(first.job.id, id);
    assert.equal(first.job.attempts, 1);
    assert.equal(first.attempt, 1);
    assert.deepEqual(await store.settleAndClaim('other-host:2:bbbb', [], ['Mail'], 1), [], 'a held job is not claimed twice');
    assert.deepEqual(await store.recoverAbandoned(), [], 'the lease has not run out');
    await new Promise((resolve) => setTimeout(resolve, 250));
    assert.deepEqual(await store.recoverAbandoned(), [id]);
    const [again] = await store.settleAndClaim('other-host:2:bbbb', [], ['Mail'], 1);
    assert.equal(again.job.id, id);
    assert.equal(again.job.attempts, 2, 'the lost attempt was started, as BullMQ counts it');
    assert.equal(again.attempt, 1, 'the lost attempt is not counted against the job');
    // The first worker comes back and reports: its outcome is not written.
    await store.settleAndClaim('far-away-host:1:aaaa', [{ kind: 'completed', id }], ['Mail'], 0);
    assert.equal((await store.get(id))?.state, 'running');
    await store.settleAndClaim('other-host:2:bbbb', [{ kind: 'completed', id }], ['Mail'], 0);
    assert.equal((await store.get(id))?.state, 'completed');
  });
});

test('a job held by a process of this machine that is gone is recovered at once, before its lease runs out', async () => {
  await withStore(60_000, async (store) => {
    const id = await store.enqueue({ definition: mail, args: {} });
    // No process has pid 2^22 + 1 (above Linux's pid_max).
    const { hostname } = await import('node:os');
    await store.settleAndClaim(`${hostname()}:4194305:dead`, [], ['Mail'], 1);
    assert.deepEqual(await store.recoverAbandoned(), [id]);
    assert.equal((await store.get(id))?.state, 'queued');
  });
});

test('a job handed back from a dead worker is taken before every other due job, a critical one included, as BullMQ does', async () => {
  await withStore(60_000, async (store) => {
    const { hostname } = await import('node:os');
    const lost = await store.enqueue({ definition: { ...mail, priority: 'low' }, args: {} });
    await store.settleAndClaim(`${hostname()}:4194305:dead`, [], ['Mail'], 1);
    const backlog = [await store.enqueue({ definition: mail, args: {} }), await store.enqueue({ definition: { ...mail, priority: 'critical' }, args: {} })];
    assert.deepEqual(await store.recoverAbandoned(), [lost]);
    // One at a time: the rows of one claim come back in no particular order.
    const claimed: Awaited<ReturnType<SqliteJobStore['settleAndClaim']>> = [];
    for (let round = 0; round < 3; round += 1) claimed.push(...(await store.settleAndClaim('w:1:a', [], ['Mail'], 1)));
    assert.deepEqual(claimed.map(({ job }) => job.id), [lost, backlog[1], backlog[0]]);
    assert.deepEqual(claimed.map(({ attempt }) => attempt), [1, 1, 1]);
    assert.equal(claimed[0]?.job.attempts, 2);
  });
});

test('a queue file of an earlier Loom gets the lost_attempts column and keeps its jobs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'loom-jobs-old-'));
  const path = join(dir, 'jobs.db');
  try {
    const { default: Database } = await import('better-sqlite3');
    const old = new Database(path);
    old.exec(`CREATE TABLE loom_jobs (id TEXT PRIMARY KEY, name TEXT NOT NULL, queue TEXT NOT NULL, args TEXT NOT NULL, state TEXT NOT NULL,
      priority INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0, max_attempts INTEGER NOT NULL, run_at INTEGER NOT NULL,
      worker TEXT, lease_until INTEGER, last_error TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
      CREATE INDEX loom_jobs_ready ON loom_jobs (priority DESC, run_at) WHERE state IN ('queued', 'failed');
      INSERT INTO loom_jobs (id, name, queue, args, state, attempts, max_attempts, run_at, created_at, updated_at) VALUES ('old', 'Mail', 'emails', '{}', 'queued', 0, 4, 1, 1, 1);`);
    old.close();
    const store = await openSqliteStore(path, 60_000, BUSY_TIMEOUT.defaultValue);
    try {
      assert.deepEqual((await store.settleAndClaim('w:1:a', [], ['Mail'], 1)).map(({ job, attempt }) => [job.id, attempt]), [['old', 1]]);
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('higher priority first; a delayed job waits; only its own names are claimed; dead and failed jobs can be retried', async () => {
  await withStore(60_000, async (store) => {
    const low = await store.enqueue({ definition: { ...mail, priority: 'low' }, args: {} });
    const critical = await store.enqueue({ definition: { ...mail, priority: 'critical' }, args: {} });
    const later = await store.enqueue({ definition: mail, args: {}, delayMs: 60_000 });
    const other = await store.enqueue({ definition: { ...mail, name: 'Other' }, args: {} });
    assert.deepEqual((await store.settleAndClaim('w:1:a', [], ['Mail'], 1)).map(({ job }) => job.id), [critical]);
    assert.deepEqual((await store.settleAndClaim('w:1:a', [], ['Mail'], 10)).map(({ job }) => job.id), [low], 'the delayed job and the other job are not due');
    assert.equal((await store.get(later))?.state, 'queued');
    assert.equal((await store.get(other))?.state, 'queued');
    await store.settleAndClaim('w:1:a', [{ kind: 'dead', id: critical, error: 'EB01: boom' }, { kind: 'retry', id: low, error: 'EB02: slow', delayMs: 60_000 }], ['Mail'], 0);
    assert.deepEqual((await store.list({ state: 'dead' })).map((job) => [job.id, job.lastError]), [[critical, 'EB01: boom']]);
    assert.deepEqual((await store.list({ state: 'failed' })).map((job) => job.id), [low]);
    assert.deepEqual(await store.retry(later), { retried: false, job: await store.get(later) });
    assert.equal((await store.retry(low, 'dead'))?.retried, false, '--retry-dead-letter takes only dead jobs');
    assert.equal((await store.retry(low))?.retried, true);
    assert.equal((await store.retry(critical, 'dead'))?.job.attempts, 0);
    assert.deepEqual((await store.settleAndClaim('w:1:a', [], ['Mail'], 10)).map(({ job }) => job.id).sort(), [critical, low].sort());
    assert.equal(await store.retry('missing'), undefined);
  });
});

test('an attempt that ends while the worker waits for the lock to write earlier outcomes is written at the next round, not dropped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'loom-jobs-unit-'));
  const path = join(dir, 'jobs.db');
  const store = await openSqliteStore(path, 60_000, BUSY_TIMEOUT.defaultValue);
  const { default: Database } = await import('better-sqlite3');
  // Another process's connection, holding the write lock while the worker settles.
  const other = new Database(path, { timeout: 0 });
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const events: string[] = [];
  let locked: () => void = () => undefined;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const definitions = new Map([
    // Ends at once, having taken the lock: the round that writes its outcome waits.
    ['First', defineJob({ name: 'First', parameters: [], perform: () => null })],
    // Ends while that round waits.
    ['Second', defineJob({ name: 'Second', parameters: [], perform: () => null })],
  ]);
  try {
    const first = await store.enqueue({ definition: definitions.get('First')!, args: {} });
    const second = await store.enqueue({ definition: definitions.get('Second')!, args: {} });
    const worker = await store.work({
      definitions,
      concurrency: 2,
      backoffBaseSeconds: 0,
      onDead: async () => undefined,
      onEvent: (event) => events.push(event.kind === 'completed' ? `completed ${event.job.name}` : event.kind),
      perform: async (definition) => {
        if (definition.name === 'First') {
          other.exec('BEGIN IMMEDIATE');
          locked();
        } else {
          await lockTaken;
          await sleep(30);
        }
      },
    });
    await lockTaken;
    await sleep(150);
    other.exec('COMMIT');
    const deadline = Date.now() + 5_000;
    while ((await store.get(second))?.state !== 'completed' && Date.now() < deadline) await sleep(20);
    await worker.stop();
    assert.equal((await store.get(first))?.state, 'completed');
    assert.equal((await store.get(second))?.state, 'completed', 'the outcome that ended during the wait was never written');
    assert.deepEqual(events.sort(), ['completed First', 'completed Second']);
  } finally {
    other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

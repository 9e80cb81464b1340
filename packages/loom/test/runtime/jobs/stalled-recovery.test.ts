/**
 * A worker killed with SIGKILL in the middle of a job, while another worker is already running
 * and busy with a backlog: the other worker takes the lost job back within the documented time
 * — on SQLite within half a second whatever the lease (the dead process is on this machine),
 * on Redis within two leases (BullMQ's lock runs out, then its stalled-job check) — and runs
 * it next, before the backlog. Afterwards the job's attempts are counted alike on both
 * backends: two started, the lost one not charged to its retries (the job's own attempt number
 * is 1 both times).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { redisSkip } from '../../support/services.js';
import { eventually, JobProject } from './job-project.js';
import type { Backend } from './job-project.js';

/** What each backend documents, with room for a loaded machine. */
const RECOVERY_LIMIT_MS: Readonly<Record<Backend, number>> = { sqlite: 500 + 1000, redis: 2 * 1000 + 1000 };
/** The lease: the default on SQLite, which must not matter there; a short one on Redis, which waits for it. */
const LEASE_ENV: Readonly<Record<Backend, NodeJS.ProcessEnv>> = { sqlite: {}, redis: { LOOM_JOBS_LEASE_SECONDS: '1' } };
/** Long enough for the lost job to be recovered while the second worker is still busy with it. */
const BACKLOG_JOB_MS = 3500;

function lines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((line) => line !== '') : [];
}

for (const backend of ['sqlite', 'redis'] as const satisfies readonly Backend[]) {
  test(`${backend}: a job whose worker is killed comes back within the documented time, ahead of the backlog, with the same attempts count`, { skip: backend === 'redis' ? redisSkip : false }, async (t) => {
    const project = new JobProject(backend, LEASE_ENV[backend]);
    const store = await project.queue();
    try {
      const log = project.path('steps.log');
      // Once the first worker is dead, the jobs started after it are short.
      const killed = project.path('killed');
      project.write('steps.nx', [
        'job Step on "steps" (timeout: 60) {',
        '    perform(n, ms) {',
        `        std.fs.file_append(${JSON.stringify(log)}, "start #{n} attempt #{current_job().attempt}\\n")`,
        `        if std.fs.exists(${JSON.stringify(killed)}) { sleep_ms(300) } else { sleep_ms(ms) }`,
        `        std.fs.file_append(${JSON.stringify(log)}, "done #{n}\\n")`,
        '    }',
        '}',
      ].join('\n'));
      // Far longer than the second worker takes to start: the first is killed in the middle of it.
      const lost = await project.enqueue(store, 'Step', 'steps', ['n', 'ms'], { n: 0, ms: 30_000 });
      const first = await project.startWorker('steps.nx', 1);
      await eventually('the first worker to start the job', async () => (lines(log).includes('start 0 attempt 1') ? true : undefined));
      for (const n of [1, 2, 3]) await project.enqueue(store, 'Step', 'steps', ['n', 'ms'], { n, ms: BACKLOG_JOB_MS });
      const second = await project.startWorker('steps.nx', 1);
      await eventually('the second worker to start the backlog', async () => (lines(log).includes('start 1 attempt 1') ? true : undefined));

      first.child.kill('SIGKILL');
      const killedAt = performance.now();
      await first.exited;
      project.write('killed', '');
      await eventually('the lost job to be recovered', async () => (/recovered 1 job of a worker that stopped/.test(second.stderr) ? true : undefined), 10_000);
      const recoveryMs = performance.now() - killedAt;
      t.diagnostic(`recovered ${recoveryMs.toFixed(0)} ms after the kill`);
      assert.ok(recoveryMs < RECOVERY_LIMIT_MS[backend], `recovered after ${recoveryMs.toFixed(0)} ms`);

      await eventually('the lost job to complete', async () => ((await store.get(lost))?.state === 'completed' ? true : undefined), 15_000);
      // Taken as soon as the second worker was free: before the backlog it had not started.
      assert.deepEqual(lines(log).slice(0, 5), ['start 0 attempt 1', 'start 1 attempt 1', 'done 1', 'start 0 attempt 1', 'done 0']);
      const job = await store.get(lost);
      assert.equal(job?.attempts, 2, 'two attempts started, the lost one included, as BullMQ counts them');
    } finally {
      await store.close();
      await project.cleanUp();
    }
  });
}

/**
 * Issue 31: `loom serve` enqueuing 20,000 jobs kept every job id reachable after a full GC.
 * The program's jobs remembered each enqueued job until this process saw it end — for a drain
 * that never comes under `loom serve` — and kept the dead ones (and those another worker ran)
 * for good. A serving program remembers none of the jobs it enqueues once they have ended.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openJobStore } from '../../../src/runtime/host/open-job-store.js';
import { ProgramJobs } from '../../../src/runtime/jobs/program-jobs.js';
import { redisSkip } from '../../support/services.js';
import { eventually, JobProject } from './job-project.js';
import type { Backend } from './job-project.js';

const JOB_COUNT = 40;

for (const backend of ['sqlite', 'redis'] as const satisfies readonly Backend[]) {
  test(`${backend}: a serving program forgets the jobs it enqueued once they completed or went dead`, { skip: backend === 'redis' ? redisSkip : false }, async () => {
    const project = new JobProject(backend);
    const reported: unknown[] = [];
    const jobs = new ProgramJobs({ openStore: () => openJobStore(project.dir, project.env), env: project.env, report: (error) => reported.push(error) });
    try {
      jobs.serveRequests();
      let completed = 0;
      const ok = jobs.declare({ name: 'Ok', parameters: ['n'], perform: async () => void completed++ });
      const failing = jobs.declare({ name: 'Failing', retry: 0, parameters: ['n'], perform: async () => Promise.reject(new Error('always fails')) });
      for (let index = 0; index < JOB_COUNT; index++) {
        await jobs.enqueue(ok, [index], {});
        await jobs.enqueue(failing, [index], {});
      }
      const store = await jobs.queue();
      await eventually('every job to end', async () => (completed === JOB_COUNT && (await store.list({ state: 'dead' })).length === JOB_COUNT ? true : undefined));
      await eventually('the dead jobs to be reported', async () => (reported.length >= JOB_COUNT ? true : undefined));
      assert.equal(jobs.rememberedJobCount, 0);
    } finally {
      await jobs.close();
      await project.cleanUp();
    }
  });
}

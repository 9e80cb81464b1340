/**
 * Issue 31: the reference tells users to make a job's effects idempotent by its id, so the
 * code of a job must be able to read it. `current_job()` gives the attempt the running code
 * belongs to — `{id, attempt, job, queue}` — in `perform`, in a `handler:` flow and in the
 * flows they call, on both queues; outside a job it is null. `loom validate` accepts it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redisSkip } from '../../support/services.js';
import { JobProject } from './job-project.js';
import type { Backend } from './job-project.js';

const PROGRAM = [
  'job Flaky on "work" (retry: 2) {',
  '    perform(n) {',
  '        let j = current_job()',
  '        print("perform id=#{j.id} attempt=#{j.attempt} job=#{j.job} queue=#{j.queue} n=#{n}")',
  '        if j.attempt < 2 { raise Error("the first attempt fails") }',
  '    }',
  '}',
  'flow deeper() { return current_job().id }',
  'flow by_flow(x) { print("flow id=#{deeper()} attempt=#{current_job().attempt}") }',
  'job ByFlow { handler: by_flow }',
  'flow main {',
  '    print("outside=#{current_job()}")',
  '    print("flaky=#{spawn Flaky(7)}")',
  '    print("byflow=#{spawn ByFlow(1)}")',
  '}',
].join('\n');

for (const backend of ['sqlite', 'redis'] as const satisfies readonly Backend[]) {
  test(`${backend}: current_job() gives the job id and attempt number inside the job, null outside`, { skip: backend === 'redis' ? redisSkip : false }, async () => {
    const project = new JobProject(backend);
    try {
      project.write('app.nx', PROGRAM);
      const validated = await project.loom(['validate', 'app.nx']);
      assert.equal(validated.status, 0, validated.stdout + validated.stderr);
      const run = await project.loom(['run', 'app.nx']);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /^outside=null$/m);
      const flaky = /^flaky=(\S+)$/m.exec(run.stdout)?.[1];
      const byFlow = /^byflow=(\S+)$/m.exec(run.stdout)?.[1];
      assert.ok(flaky !== undefined && byFlow !== undefined, run.stdout);
      for (const attempt of [1, 2]) assert.ok(run.stdout.includes(`perform id=${flaky} attempt=${attempt} job=Flaky queue=work n=7`), run.stdout);
      assert.ok(!run.stdout.includes('attempt=3'), run.stdout);
      assert.ok(run.stdout.includes(`flow id=${byFlow} attempt=1`), run.stdout);
    } finally {
      await project.cleanUp();
    }
  });
}

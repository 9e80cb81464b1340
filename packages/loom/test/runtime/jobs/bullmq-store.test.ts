/**
 * The Redis queue (BullMQ) on its own, against the machine's real Redis under a key prefix of
 * the test's own: priorities keep their order (`normal` is not taken before `critical`, as it
 * would be without a BullMQ priority), and the states map onto Loom's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defineJob } from '../../../src/runtime/jobs/definition.js';
import type { JobRecord } from '../../../src/runtime/jobs/store.js';
import { redisSkip } from '../../support/services.js';
import { eventually, JobProject } from './job-project.js';

test('redis: jobs are taken by priority, critical before high before normal before low', { skip: redisSkip }, async () => {
  const project = new JobProject('redis');
  const store = await project.queue();
  try {
    const order: string[] = [];
    const base = defineJob({ name: 'Ranked', queue: 'ranked', retry: 0, parameters: ['label'], perform: () => null });
    for (const priority of ['low', 'normal', 'critical', 'high'] as const) {
      await store.enqueue({ definition: { ...base, priority }, args: { label: priority } });
    }
    const queued = await store.list({ state: 'queued' });
    assert.equal(queued.length, 4);
    // One at a time, so the order taken is the order run.
    const worker = await store.work({
      definitions: new Map([['Ranked', base]]),
      concurrency: 1,
      backoffBaseSeconds: 0,
      perform: async (_definition, job: JobRecord) => {
        order.push(String(job.args['label']));
      },
      onDead: async () => undefined,
      onEvent: () => undefined,
    });
    await eventually('all four jobs to run', async () => (order.length === 4 ? true : undefined));
    await worker.stop();
    assert.deepEqual(order, ['critical', 'high', 'normal', 'low']);
    assert.equal((await store.list({ state: 'completed' })).length, 4);
  } finally {
    await store.close();
    await project.cleanUp();
  }
});

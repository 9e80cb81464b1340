import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Task } from '../../src/features/assistant/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import { EventsClient } from '../support/events-client.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';
import { lectureText, residentBytes } from '../support/process-memory.js';
import { finished } from './assistant-support.js';

const MiB = 1024 * 1024;
/** The case: 3,000 entries of 8,000 characters, 24 MB of transcript. */
const longEntryChars = 8000;
const longEntries = 3000;
const appendConcurrency = 8;
/** The bound for the growth that transcript may cause. */
const rssGrowthMaxBytes = 150 * MiB;
/** Time for the analyses that run after each answer to finish before RSS is read. */
const settleMs = 1500;

describe('memory', () => {
  // Started as a desktop host starts it, with no heap flag: the bound comes from the service's
  // own byte budgets and collection policy (bin/lectern.js), not a ceiling.
  it('stays bounded through 24 MB of long entries with V8\'s default heap limit (RSS growth < 150 MB)', async (t) => {
    const lectern = await LecternProcess.start();
    try {
      const client = new LecternClient(lectern.baseUrl, lectern.token);
      // An events client follows the class, as the UI does: frames pass through its queue.
      const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
      const session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Long entries' })).body;
      const append = async (index: number) => {
        const response = await client.post(`/api/v2/sessions/${session.id}/entries`, { text: lectureText(index, longEntryChars), source_id: `long-${index}` });
        assert.equal(response.status, 201, response.text);
      };
      for (let index = 0; index < 20; index++) await append(index);
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      const baseline = residentBytes(lectern.pid);

      let next = 20;
      await Promise.all(Array.from({ length: appendConcurrency }, async () => {
        while (next < longEntries) await append(next++);
      }));
      const rescue = await client.post<Task>(`/api/v2/sessions/${session.id}/assistant`, { kind: 'rescue' });
      assert.equal(rescue.status, 202, rescue.text);
      assert.equal((await finished(client, rescue.body.id)).status, 'completed');
      await new Promise((resolve) => setTimeout(resolve, settleMs));

      const grownBytes = residentBytes(lectern.pid) - baseline;
      assert.equal((await client.get('/api/v2/status')).status, 200, 'still serving');
      t.diagnostic(`RSS ${Math.round(baseline / MiB)} MiB → +${Math.round(grownBytes / MiB)} MiB after ${longEntries} entries of ${longEntryChars} characters`);
      assert.ok(grownBytes < rssGrowthMaxBytes, `RSS grew by ${Math.round(grownBytes / MiB)} MiB from ${Math.round(baseline / MiB)} MiB`);
      await events.close();
    } finally {
      await lectern.dispose();
    }
  });
});

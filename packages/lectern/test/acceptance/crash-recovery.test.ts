import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Entry } from '../../src/features/entries/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../support/lectern-process.js';

interface EntriesPage {
  items: Entry[];
  next_after_id: number | null;
}

const appendsInFlight = 8;
/** SIGKILL lands once this many appends were acknowledged, with more still in flight. */
const acknowledgedBeforeKill = 150;

describe('kill -9 recovery', () => {
  it('keeps every acknowledged entry and marks the session interrupted after a SIGKILL', async () => {
    const dataDir = createTempDataDir();
    try {
      const victim = await LecternProcess.start({ dataDir });
      const client = new LecternClient(victim.baseUrl, victim.token);
      const session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Crash' })).body;

      const acknowledged: Entry[] = [];
      let killed = false;
      let next = 0;
      const worker = async () => {
        while (!killed) {
          const n = next++;
          try {
            const response = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text: `line ${n}`, source_id: `s${n}` });
            if (response.status === 201) acknowledged.push(response.body);
          } catch {
            return; // the connection died with the process: this append was never acknowledged
          }
          if (acknowledged.length === acknowledgedBeforeKill && !killed) {
            killed = true;
            victim.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: appendsInFlight }, worker));
      assert.equal((await victim.exited).signal, 'SIGKILL');
      assert.ok(acknowledged.length >= acknowledgedBeforeKill);

      const survivor = await LecternProcess.start({ dataDir });
      try {
        assert.notEqual(survivor.pid, victim.pid, 'the dead owner lock was recovered by a new process');
        const again = new LecternClient(survivor.baseUrl, survivor.token);
        const stored = new Map<number, Entry>();
        let afterId: number | null = 0;
        while (afterId !== null) {
          const page: EntriesPage = (await again.get<EntriesPage>(`/api/v2/sessions/${session.id}/entries?limit=1000&after_id=${afterId}`)).body;
          for (const entry of page.items) stored.set(entry.id, entry);
          afterId = page.next_after_id;
        }
        for (const entry of acknowledged) assert.deepEqual(stored.get(entry.id), entry);

        const reloaded = (await again.get<Session>(`/api/v2/sessions/${session.id}`)).body;
        assert.equal(reloaded.status, 'interrupted');
        assert.equal(reloaded.entry_count, stored.size, 'the count and the rows were committed together');
      } finally {
        await survivor.stop();
      }
    } finally {
      removeTempDataDir(dataDir);
    }
  });
});

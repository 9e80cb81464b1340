import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Note } from '../../src/features/notes/schemas.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import { ask, finished, startClass, stopClass } from './assistant-support.js';

const lines = [
  'Today we look at how enzymes lower the activation energy of a reaction.',
  'The active site binds the substrate; temperature and pH change its shape.',
  'Problem set four is due next Monday.',
];

function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1] ?? '';
  return decodeURIComponent(encoded);
}

describe('notes', () => {
  let client: LecternClient;

  useLectern((_started, startedClient) => {
    client = startedClient;
  });

  it('gives every note its own title and export file name, within a class and across classes of one course', async () => {
    const morning = await startClass(client, 'Biochemistry', lines);
    const stopped = await stopClass(client, morning.id);
    assert.ok(stopped.summary_task_id, 'auto-summary wrote the first note');
    assert.equal((await finished(client, stopped.summary_task_id)).status, 'completed');
    const second = await ask(client, morning.id, { kind: 'summary' });
    assert.equal((await finished(client, second.id)).status, 'completed');

    const afternoon = await startClass(client, 'Biochemistry', lines);
    const afternoonSummary = (await stopClass(client, afternoon.id)).summary_task_id;
    assert.ok(afternoonSummary);
    assert.equal((await finished(client, afternoonSummary)).status, 'completed');

    const notes: Note[] = [];
    for (const session of [morning, afternoon]) {
      notes.push(...(await client.get<{ items: Note[] }>(`/api/v2/sessions/${session.id}/summaries`)).body.items);
    }
    assert.equal(notes.length, 3);
    const titles = notes.map((note) => note.title);
    assert.equal(new Set(titles).size, 3, `distinct titles: ${JSON.stringify(titles)}`);
    for (const title of titles) assert.match(title, /^Biochemistry — \d{4}-\d{2}-\d{2}/);

    const fileNames = [];
    for (const note of notes) {
      const exported = await client.get(`/api/v2/summaries/${note.id}/export`);
      assert.equal(exported.status, 200);
      fileNames.push(fileNameOf(exported.headers.get('content-disposition')));
    }
    assert.equal(new Set(fileNames).size, 3, `distinct file names: ${JSON.stringify(fileNames)}`);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Task } from '../../src/features/assistant/schemas.js';
import type { Entry } from '../../src/features/entries/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import type { Settings } from '../../src/features/settings/schemas.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import { ask, finished, stopClass } from './assistant-support.js';

const loneHigh = '\ud800';
const loneLow = '\udc00';
const replacement = '\ufffd';
/** Every control character but tab, line feed and carriage return, C1 and DEL included. */
const controls = [...Array.from({ length: 0x20 }, (_v, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)), '\u007f', '\u0085', '\u009b'].join('');
// eslint-disable-next-line no-control-regex
const anyControlButTabAndNewline = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

interface EntriesPage {
  items: Entry[];
}

/**
 * The text rule of docs/api.md: every string of a request body is made well-formed and free of
 * control characters (tab, line feed and carriage return aside) before it is validated, stored
 * or compared, so what is stored is exactly what a retry is compared against.
 */
describe('the text rule', () => {
  let client: LecternClient;

  useLectern((_started, startedClient) => {
    client = startedClient;
  });

  async function startSession(courseName: string): Promise<Session> {
    const response = await client.post<Session>('/api/v2/sessions', { course_name: courseName });
    assert.equal(response.status, 201, response.text);
    return response.body;
  }

  it('stores a lone surrogate as U+FFFD and acknowledges an identical retry (200, same entry)', async () => {
    const session = await startSession('Surrogates');
    try {
      const body = { text: `half an emoji ${loneHigh} and ${loneLow}`, source_id: 'clip-1' };
      const first = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, body);
      assert.equal(first.status, 201, first.text);
      assert.equal(first.body.text, `half an emoji ${replacement} and ${replacement}`);
      const retry = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, body);
      assert.equal(retry.status, 200, retry.text);
      assert.deepEqual(retry.body, first.body);
      const stored = (await client.get<EntriesPage>(`/api/v2/sessions/${session.id}/entries`)).body.items;
      assert.deepEqual(stored, [first.body]);
      const paired = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text: 'a whole emoji \ud83d\ude00', source_id: 'clip-2' });
      assert.equal(paired.body.text, 'a whole emoji \ud83d\ude00', 'a surrogate pair is left alone');
    } finally {
      await stopClass(client, session.id);
    }
  });

  it('drops control characters from an entry, so the export is clean text', async () => {
    const session = await startSession(`Control${controls}characters`);
    try {
      assert.equal(session.course_name, 'Controlcharacters');
      const texts = [`NUL\u0000inside`, `escape \u001b[31mred\u001b[0m and bell\u0007`, `tab\there, line\nbreak, return\r\nend`, `${controls}only controls around${controls}`];
      for (const [i, text] of texts.entries()) {
        const response = await client.post<Entry>(`/api/v2/sessions/${session.id}/entries`, { text, source_id: `c-${i}` });
        assert.equal(response.status, 201, response.text);
        assert.doesNotMatch(response.body.text, anyControlButTabAndNewline, JSON.stringify(response.body.text));
      }
      const replay = await client.post(`/api/v2/sessions/${session.id}/entries`, { text: texts[0], source_id: 'c-0' });
      assert.equal(replay.status, 200);
      const blank = await client.post(`/api/v2/sessions/${session.id}/entries`, { text: `${controls}  `, source_id: 'c-blank' });
      assert.equal(blank.status, 422, 'nothing but control characters is a blank entry');

      const exported = await client.get<string>(`/api/v2/sessions/${session.id}/export`);
      assert.equal(exported.status, 200);
      assert.doesNotMatch(exported.body, anyControlButTabAndNewline);
      const lines = exported.body.split('\n');
      assert.equal(lines.pop(), '');
      assert.equal(lines.length, texts.length, 'one line per entry');
      for (const line of lines) assert.equal(line.split('\t').length, 2, `one tab per line: ${JSON.stringify(line)}`);
      assert.deepEqual(lines.map((line) => line.split('\t')[1]), [
        'NULinside',
        'escape [31mred[0m and bell',
        'tab here, line break, return end',
        'only controls around',
      ]);
    } finally {
      await stopClass(client, session.id);
    }
  });

  it('applies to every text field: course name, question, history, settings', async () => {
    const session = await startSession(`Bio${loneLow}logy\u0000`);
    assert.equal(session.course_name, `Bio${replacement}logy`);
    await client.post(`/api/v2/sessions/${session.id}/entries`, { text: 'Cells divide by mitosis.', source_id: 'm-1' });
    const task = await ask(client, session.id, {
      kind: 'followup',
      question: `What is mitosis?\u0000${loneHigh}`,
      history: [{ role: 'user', content: `earlier\u0007 question ${loneHigh}` }],
    });
    assert.equal(task.question, `What is mitosis?${replacement}`);
    assert.equal((await finished(client, task.id)).status, 'completed');
    await stopClass(client, session.id);

    const settings = await client.request<Settings>('PUT', '/api/v2/settings', {
      body: { alerts: { danger_keywords: [`call\u0000 on${loneHigh}`], warning_keywords: ['exam'] } },
    });
    assert.equal(settings.status, 200, settings.text);
    assert.deepEqual(settings.body.alerts.danger_keywords, [`call on${replacement}`]);
    const restored = await client.request('PUT', '/api/v2/settings', { body: { alerts: { danger_keywords: ['call on'] } } });
    assert.equal(restored.status, 200);
    const task2: Task = (await client.get<Task>(`/api/v2/assistant/${task.id}`)).body;
    assert.equal(task2.question, task.question, 'stored as answered');
  });
});

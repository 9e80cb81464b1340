import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Task } from '../../src/features/assistant/schemas.js';
import type { Note } from '../../src/features/notes/schemas.js';
import { CHINESE_LECTURE, ENGLISH_LECTURE, loadLecture } from '../answer-engine/lectures.js';
import { EventsClient, type EventFrame } from '../support/events-client.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import type { LecternProcess } from '../support/lectern-process.js';
import { ask, finished, startClass, stopClass } from './assistant-support.js';

interface Delta {
  id: string;
  text: string;
  offset: number;
  first_token_ms: number;
}

const englishLines = loadLecture(ENGLISH_LECTURE).map((line) => line.text);
const chineseLines = loadLecture(CHINESE_LECTURE).map((line) => line.text);

describe('assistant with the builtin engine (through the real CLI)', () => {
  let lectern: LecternProcess;
  let client: LecternClient;

  useLectern((started, startedClient) => {
    lectern = started;
    client = startedClient;
  });

  it('streams a rescue as deltas that concatenate to the stored answer, offsets in code points', async () => {
    const session = await startClass(client, 'Intro Biology', englishLines.slice(0, 120));
    const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
    try {
      const task = await ask(client, session.id, { kind: 'rescue' });
      assert.equal(task.kind, 'rescue');
      assert.ok(['queued', 'running', 'completed'].includes(task.status));
      const entries = await client.get<{ items: { id: number }[] }>(`/api/v2/sessions/${session.id}/entries?limit=1000`);
      assert.equal(task.through_entry_id, entries.body.items.at(-1)?.id);

      const done = await events.nextMatching<{ id: string; status: string }>((f) => f.type === 'assistant.finished' && (f.data as Task).id === task.id);
      const deltas = events.received.filter((f): f is EventFrame<Delta> => f.type === 'assistant.delta' && (f.data as Delta).id === task.id);
      assert.ok(deltas.length > 0);
      let offset = 0;
      for (const delta of deltas) {
        assert.equal(delta.data.offset, offset);
        offset += Array.from(delta.data.text).length;
      }
      const record = await finished(client, task.id);
      assert.equal(done.data.status, 'completed');
      assert.equal(deltas.map((d) => d.data.text).join(''), record.markdown);
      assert.equal(record.provider_calls, 1);
      assert.equal(typeof record.first_token_ms, 'number');
      assert.equal(record.summary_id, null);
      assert.ok(events.received.some((f) => f.type === 'assistant.progress' && (f.data as { id: string }).id === task.id));
    } finally {
      await events.close();
      await stopClass(client, session.id);
    }
  });

  it('answers a Chinese class in Chinese, and a follow-up that the class does not cover says so', async () => {
    const session = await startClass(client, '数据结构', chineseLines.slice(0, 80));
    try {
      const rescue = await finished(client, (await ask(client, session.id, { kind: 'rescue' })).id);
      assert.equal(rescue.status, 'completed');
      assert.match(rescue.markdown, /[\u4e00-\u9fff]/);
      const followup = await finished(client, (await ask(client, session.id, { kind: 'followup', question: '今天讲的二叉搜索树的查找复杂度是多少？', parent_id: rescue.id })).id);
      assert.equal(followup.status, 'completed');
      assert.equal(followup.parent_id, rescue.id);
      assert.match(followup.markdown, /[\u4e00-\u9fff]/);
    } finally {
      await stopClass(client, session.id);
    }
  });

  it('validates requests: followup without question 422, unknown parent 404, empty summary 409, unknown session 404', async () => {
    const empty = await startClass(client, 'Empty', []);
    try {
      const noQuestion = await client.post<{ error: string; detail: { loc: string[] }[] }>(`/api/v2/sessions/${empty.id}/assistant`, { kind: 'followup' });
      assert.equal(noQuestion.status, 422);
      assert.deepEqual(noQuestion.body.detail[0]?.loc, ['body', 'question']);
      for (const question of ['', '   ', ' \n\t ']) {
        const blank = await client.post<{ error: string; detail: { loc: string[] }[] }>(`/api/v2/sessions/${empty.id}/assistant`, { kind: 'followup', question });
        assert.equal(blank.status, 422, `blank question ${JSON.stringify(question)}`);
        assert.deepEqual(blank.body.detail[0]?.loc, ['body', 'question']);
      }
      const badKind = await client.post<{ error: string }>(`/api/v2/sessions/${empty.id}/assistant`, { kind: 'essay' });
      assert.equal(badKind.status, 422);
      const unknownParent = await client.post<{ error: string }>(`/api/v2/sessions/${empty.id}/assistant`, { kind: 'followup', question: 'why?', parent_id: 'nope' });
      assert.equal(unknownParent.status, 404);
      const emptySummary = await client.post<{ error: string }>(`/api/v2/sessions/${empty.id}/assistant`, { kind: 'summary' });
      assert.equal(emptySummary.status, 409);
      assert.equal(emptySummary.body.error, 'invalid_state');
      const tooLong = await client.post<{ error: string }>(`/api/v2/sessions/${empty.id}/assistant`, { kind: 'rescue', recent_minutes: 121 });
      assert.equal(tooLong.status, 422);
      const unknownSession = await client.post<{ error: string }>('/api/v2/sessions/nope/assistant', { kind: 'rescue' });
      assert.equal(unknownSession.status, 404);
      const rescue = await finished(client, (await ask(client, empty.id, { kind: 'rescue' })).id);
      assert.equal(rescue.status, 'completed', 'an empty class still gets an honest answer');
      assert.equal(rescue.through_entry_id, 0);
    } finally {
      await stopClass(client, empty.id);
    }
  });

  it('summarises on stop (auto_summary), writes exactly one note and exports it as Markdown', async () => {
    const session = await startClass(client, 'Intro Biology — week 3', englishLines);
    const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
    try {
      const stopped = await stopClass(client, session.id);
      assert.ok(stopped.summary_task_id);
      const summary = await finished(client, stopped.summary_task_id);
      assert.equal(summary.status, 'completed');
      assert.ok(summary.summary_id);
      const created = await events.nextOfType<Note>('summary.created');
      assert.equal(created.data.id, summary.summary_id);

      const again = await stopClass(client, session.id);
      assert.equal(again.summary_task_id, null, 'a repeated stop starts nothing');

      const notes = await client.get<{ items: Note[] }>(`/api/v2/sessions/${session.id}/summaries`);
      assert.equal(notes.body.items.length, 1);
      const [note] = notes.body.items;
      assert.equal(note?.task_id, summary.id);
      assert.equal(note?.markdown, summary.markdown);
      for (const line of ['Problem set three', 'Friday']) assert.ok(summary.markdown.includes(line), `summary mentions ${line}`);

      const exported = await client.get<string>(`/api/v2/summaries/${note?.id}/export`);
      assert.equal(exported.status, 200);
      assert.equal(exported.headers.get('content-type'), 'text/markdown; charset=utf-8');
      assert.match(exported.headers.get('content-disposition') ?? '', /^attachment; filename="Intro Biology _ week 3 _ \d{4}-\d{2}-\d{2}\.md"; filename\*=UTF-8''Intro%20Biology%20%E2%80%94%20week%203/);
      assert.equal(exported.text.trimEnd(), summary.markdown.trimEnd());

      const list = await client.get<{ items: Task[] }>(`/api/v2/assistant?session_id=${session.id}`);
      assert.deepEqual(list.body.items.map((t) => t.id), [summary.id]);
      const cancelFinished = await client.request<Task>('DELETE', `/api/v2/assistant/${summary.id}`);
      assert.equal(cancelFinished.status, 200);
      assert.equal(cancelFinished.body.status, 'completed', 'cancelling a finished task changes nothing');
    } finally {
      await events.close();
    }
  });

  it('starts no summary on stop when auto_summary is off', async () => {
    const put = await client.request('PUT', '/api/v2/settings', { body: { auto_summary: false } });
    assert.equal(put.status, 200);
    const session = await startClass(client, 'No notes please', englishLines.slice(0, 10));
    const stopped = await stopClass(client, session.id);
    assert.equal(stopped.summary_task_id, null);
    const notes = await client.get<{ items: Note[] }>(`/api/v2/sessions/${session.id}/summaries`);
    assert.deepEqual(notes.body.items, []);
    await client.request('PUT', '/api/v2/settings', { body: { auto_summary: true } });
  });

  it('answers the connection test with the builtin provider', async () => {
    const response = await client.post<{ ok: boolean; provider: string; model: string; first_token_ms: number; total_ms: number }>('/api/v2/assistant/test');
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.ok, true);
    assert.equal(response.body.provider, 'builtin');
    assert.equal(typeof response.body.first_token_ms, 'number');
  });
});

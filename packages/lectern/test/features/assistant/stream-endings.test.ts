import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Task } from '../../../src/features/assistant/schemas.js';
import type { Session } from '../../../src/features/sessions/schemas.js';
import { FakeOpenAiServer, type ProviderReply } from '../../support/openai-server.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

const finishedStatuses = new Set(['completed', 'failed', 'cancelled']);
const chunk = (delta: Record<string, string>, finishReason: string | null = null): string =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;

/**
 * How a provider's stream ends decides the task's outcome, seen through the HTTP API: only a
 * `stop` finish makes a completed task (and a summary's note); every other ending is failed
 * with the contract's code, keeping what had arrived in `markdown`.
 */
describe('assistant tasks over every way a provider stream can end', () => {
  let feature: FeatureServer;
  let provider: FakeOpenAiServer;
  let session: Session;

  before(async () => {
    provider = await FakeOpenAiServer.start();
    feature = await startFeatureServer(['assistant', 'notes']);
    feature.services.settings.update({ llm: { mode: 'byok', base_url: provider.baseUrl, model: 'fake', timeout_seconds: 5 }, auto_summary: false });
    session = await feature.services.sessions.create({ course_name: 'Stream endings' });
    feature.services.entries.append(session.id, { text: 'The derivative measures the rate of change.', source_id: 'l1' });
  });
  after(async () => {
    await feature.close();
    await provider.close();
  });

  async function taskFor(reply: ProviderReply, kind = 'rescue'): Promise<Task> {
    provider.respondOnceWith(reply);
    const created = await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/assistant`, payload: { kind } });
    assert.equal(created.statusCode, 202, created.body);
    const id = created.json<Task>().id;
    for (;;) {
      const task = (await feature.inject({ method: 'GET', url: `/api/v2/assistant/${id}` })).json<Task>();
      if (finishedStatuses.has(task.status)) return task;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const notesCount = async (): Promise<number> =>
    (await feature.inject({ method: 'GET', url: `/api/v2/sessions/${session.id}/summaries` })).json<{ items: unknown[] }>().items.length;

  it('stop: completed with the whole answer', async () => {
    const task = await taskFor({ kind: 'stream', deltas: ['Rate', ' of change.'], finishReason: 'stop' });
    assert.equal(task.status, 'completed');
    assert.equal(task.markdown, 'Rate of change.');
    assert.equal(task.error_code, null);
  });

  for (const finishReason of ['length', 'content_filter']) {
    it(`${finishReason}: failed with incomplete_response`, async () => {
      const task = await taskFor({ kind: 'stream', deltas: ['Rate of'], finishReason });
      assert.equal(task.status, 'failed');
      assert.equal(task.error_code, 'incomplete_response');
      assert.equal(task.markdown, 'Rate of');
    });
  }

  it('no finish reason and no [DONE] (the connection closed after some deltas): failed, and a summary writes no note', async () => {
    const rescue = await taskFor({ kind: 'stream', deltas: ['The class was about', ' derivatives and'], finishReason: null, endMarker: false });
    assert.equal(rescue.status, 'failed');
    assert.equal(rescue.error_code, 'incomplete_response');
    const before = await notesCount();
    const summary = await taskFor({ kind: 'stream', deltas: ['## Notes\n', 'The class covered deriv'], finishReason: null, endMarker: false }, 'summary');
    assert.equal(summary.status, 'failed');
    assert.equal(summary.error_code, 'incomplete_response');
    assert.equal(summary.summary_id, null);
    assert.equal(await notesCount(), before);
  });

  it('a connection dropped mid-answer: failed with connection_failed', async () => {
    const task = await taskFor({ kind: 'stream', deltas: ['Rate', ' of', ' change'], closeAfterDeltas: 2 });
    assert.equal(task.status, 'failed');
    assert.equal(task.error_code, 'connection_failed');
  });

  it('[DONE] without a finish chunk: failed with incomplete_response (the finish reason is not stop)', async () => {
    const task = await taskFor({ kind: 'stream', deltas: ['Rate of change.'], finishReason: null, endMarker: true });
    assert.equal(task.status, 'failed');
    assert.equal(task.error_code, 'incomplete_response');
  });

  it('garbage: failed with invalid_response', async () => {
    const task = await taskFor({ kind: 'raw', chunks: ['data: {not json\n\n'] });
    assert.equal(task.status, 'failed');
    assert.equal(task.error_code, 'invalid_response');
  });

  it('oversize: failed with response_too_large', async () => {
    const piece = 'x'.repeat(8000);
    const task = await taskFor({ kind: 'raw', chunks: [...Array.from({ length: 9 }, () => chunk({ content: piece })), chunk({}, 'stop'), 'data: [DONE]\n\n'] });
    assert.equal(task.status, 'failed');
    assert.equal(task.error_code, 'response_too_large');
  });

  it('a running task shows first_token_ms once its first delta has been produced, before it ends', async () => {
    provider.respondOnceWith({ kind: 'stream', deltas: ['First', ' second', ' third'], deltaDelayMs: 400 });
    const created = await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/assistant`, payload: { kind: 'catchup' } });
    const id = created.json<Task>().id;
    let seen: Task | undefined;
    for (;;) {
      const task = (await feature.inject({ method: 'GET', url: `/api/v2/assistant/${id}` })).json<Task>();
      if (task.first_token_ms !== null) {
        seen = task;
        break;
      }
      assert.ok(!finishedStatuses.has(task.status), 'the task ended before first_token_ms appeared');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(seen.status, 'running');
    assert.ok(seen.first_token_ms !== null && seen.first_token_ms >= 0);
    await feature.inject({ method: 'DELETE', url: `/api/v2/assistant/${id}` });
  });
});

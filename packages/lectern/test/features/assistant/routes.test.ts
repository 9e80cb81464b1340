import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Task } from '../../../src/features/assistant/schemas.js';
import type { Session } from '../../../src/features/sessions/schemas.js';
import type { BusEventData } from '../../../src/event-catalogue.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

interface ErrorBody {
  error: string;
  detail?: { loc: (string | number)[] }[];
}

/** The builtin engine (the default mode) answers offline, so these tasks run for real. */
describe('assistant routes', () => {
  let feature: FeatureServer;
  let session: Session;
  let task: Task;

  const ask = (sessionId: string, payload: object) => feature.inject({ method: 'POST', url: `/api/v2/sessions/${sessionId}/assistant`, payload });

  function finished(taskId: string): Promise<BusEventData<'assistant.finished'>> {
    return new Promise((resolve) => {
      const unsubscribe = feature.services.hub.subscribe(({ frame }) => {
        if (frame.type === 'assistant.finished' && frame.data.id === taskId) {
          unsubscribe();
          resolve(frame.data);
        }
      });
    });
  }

  before(async () => {
    feature = await startFeatureServer(['assistant']);
    session = await feature.services.sessions.create({ course_name: 'Photosynthesis' });
  });
  after(() => feature.close());

  it('refuses a summary of a class with no transcript (409), a followup without a question (422), an unknown session (404)', async () => {
    const summary = await ask(session.id, { kind: 'summary' });
    assert.equal(summary.statusCode, 409);
    assert.equal(summary.json<ErrorBody>().error, 'invalid_state');
    const followup = await ask(session.id, { kind: 'followup' });
    assert.equal(followup.statusCode, 422);
    assert.deepEqual(followup.json<ErrorBody>().detail?.map((issue) => issue.loc), [['body', 'question']]);
    assert.equal((await ask('no-such-session', { kind: 'rescue' })).statusCode, 404);
  });

  it('POST answers 202 with the queued task, which then completes with an answer', async () => {
    for (const [index, text] of ['Light reactions happen in the thylakoid membranes.', 'The Calvin cycle fixes carbon dioxide in the stroma.'].entries()) {
      feature.services.entries.append(session.id, { text, source_id: `s${index}` });
    }
    const created = await ask(session.id, { kind: 'rescue' });
    assert.equal(created.statusCode, 202);
    task = created.json<Task>();
    assert.equal(task.status, 'queued');
    assert.equal(task.kind, 'rescue');
    const done = finished(task.id);
    const record = (await feature.inject({ method: 'GET', url: `/api/v2/assistant/${task.id}` })).json<Task>();
    if (record.status !== 'completed') await done;
    const completed = await feature.inject({ method: 'GET', url: `/api/v2/assistant/${task.id}` });
    assert.equal(completed.statusCode, 200);
    assert.equal(completed.json<Task>().status, 'completed');
    assert.ok(completed.json<Task>().markdown.length > 0);
  });

  it('lists tasks of a session, cancels idempotently (a finished task is unchanged) and answers 404 for an unknown task', async () => {
    const list = await feature.inject({ method: 'GET', url: `/api/v2/assistant?session_id=${session.id}` });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json<{ items: Task[] }>().items.map((item) => item.id), [task.id]);
    const cancelled = await feature.inject({ method: 'DELETE', url: `/api/v2/assistant/${task.id}` });
    assert.equal(cancelled.statusCode, 200);
    assert.equal(cancelled.json<Task>().status, 'completed');
    const unknown = await feature.inject({ method: 'GET', url: '/api/v2/assistant/no-such-task' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<ErrorBody>().error, 'not_found');
  });
});

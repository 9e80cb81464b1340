import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Session } from '../../../src/features/sessions/schemas.js';
import type { BusFrame } from '../../../src/event-catalogue.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';

interface ErrorBody {
  error: string;
  detail?: { loc: (string | number)[] }[];
}

describe('session routes', () => {
  let feature: FeatureServer;
  const frames: BusFrame[] = [];
  let session: Session;

  const post = (url: string, payload?: object) => feature.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

  before(async () => {
    feature = await startFeatureServer(['sessions']);
    feature.services.hub.subscribe(({ frame }) => frames.push(frame));
  });
  after(() => feature.close());

  it('are behind the request guard: no token, no route', async () => {
    const response = await feature.server.inject({ method: 'GET', url: '/api/v2/status' });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<ErrorBody>().error, 'unauthorized');
  });

  it('POST /sessions starts a recording class named "Untitled class" when the name is blank, and sends a session event', async () => {
    const created = await post('/api/v2/sessions', { course_name: '   ' });
    assert.equal(created.statusCode, 201);
    session = created.json<Session>();
    assert.equal(session.course_name, 'Untitled class');
    assert.equal(session.status, 'recording');
    assert.equal(session.source, 'text');
    assert.deepEqual(frames.at(-1), { type: 'session', seq: frames.at(-1)?.seq, session_id: session.id, data: session });
  });

  it('refuses a second current class with 409 invalid_state and unknown fields with 422', async () => {
    const second = await post('/api/v2/sessions', { course_name: 'Second' });
    assert.equal(second.statusCode, 409);
    assert.equal(second.json<ErrorBody>().error, 'invalid_state');
    const unknownField = await post('/api/v2/sessions', { colour: 'red' });
    assert.equal(unknownField.statusCode, 422);
    assert.deepEqual(unknownField.json<ErrorBody>().detail?.map((issue) => issue.loc), [['body', 'colour']]);
  });

  it('GET /status answers the current class and its source', async () => {
    const status = await feature.inject({ method: 'GET', url: '/api/v2/status' });
    assert.equal(status.statusCode, 200);
    assert.deepEqual(status.json(), { session, source: 'text' });
  });

  it('pause and resume are idempotent', async () => {
    for (const [action, status] of [['pause', 'paused'], ['pause', 'paused'], ['resume', 'recording'], ['resume', 'recording']] as const) {
      const response = await post(`/api/v2/sessions/${session.id}/${action}`);
      assert.equal(response.statusCode, 200, action);
      assert.equal(response.json<Session>().status, status, action);
    }
  });

  it('stop answers the session with summary_task_id null when nothing was said, again on a repeat', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const stopped = await post(`/api/v2/sessions/${session.id}/stop`);
      assert.equal(stopped.statusCode, 200);
      const body = stopped.json<Session & { summary_task_id: string | null }>();
      assert.equal(body.status, 'stopped');
      assert.equal(body.summary_task_id, null);
    }
    const paused = await post(`/api/v2/sessions/${session.id}/pause`);
    assert.equal(paused.statusCode, 409);
  });

  it('lists sessions newest first and answers 404 not_found for an unknown id', async () => {
    const page = await feature.inject({ method: 'GET', url: '/api/v2/sessions?limit=10' });
    assert.equal(page.statusCode, 200);
    assert.deepEqual(page.json<{ items: Session[] }>().items.map((item) => item.id), [session.id]);
    const unknown = await feature.inject({ method: 'GET', url: '/api/v2/sessions/no-such-session' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<ErrorBody>().error, 'not_found');
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Session } from '../../src/features/sessions/schemas.js';
import { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../support/lectern-process.js';

interface ErrorBody {
  error: string;
}

interface SessionsPage {
  items: Session[];
  next_before: string | null;
}

interface Status {
  session: Session | null;
  source: string | null;
}

const courseNameMaxChars = 120;

describe('sessions', () => {
  let client: LecternClient;

  useLectern((_started, startedClient) => {
    client = startedClient;
  });

  async function create(body: Record<string, unknown> = {}): Promise<Session> {
    const response = await client.post<Session>('/api/v2/sessions', body);
    assert.equal(response.status, 201, response.text);
    return response.body;
  }

  async function act(id: string, action: 'pause' | 'resume' | 'stop') {
    return client.post<Session & ErrorBody>(`/api/v2/sessions/${id}/${action}`);
  }

  it('creates a recording text session with the documented defaults', async () => {
    const session = await create();
    assert.equal(session.course_name, 'Untitled class');
    assert.equal(session.source, 'text');
    assert.equal(session.status, 'recording');
    assert.equal(session.material_id, null);
    assert.equal(session.ended_at, null);
    assert.equal(session.entry_count, 0);
    assert.ok(!Number.isNaN(Date.parse(session.created_at)));
    const status = await client.get<Status>('/api/v2/status');
    assert.deepEqual(status.body, { session, source: 'text' });
    assert.equal((await act(session.id, 'stop')).status, 200);
  });

  it('allows only one current session: a second create is 409 while one records or pauses', async () => {
    const first = await create({ course_name: 'First' });
    const whileRecording = await client.post<ErrorBody>('/api/v2/sessions', { course_name: 'Second' });
    assert.equal(whileRecording.status, 409);
    assert.equal(whileRecording.body.error, 'invalid_state');
    await act(first.id, 'pause');
    assert.equal((await client.post('/api/v2/sessions', {})).status, 409);
    await act(first.id, 'stop');
    const next = await create({ course_name: 'Second' });
    await act(next.id, 'stop');
  });

  it('walks recording ⇄ paused → stopped, each repeat answering 200 with the same state', async () => {
    const session = await create({ course_name: '  Chemistry 101  ' });
    assert.equal(session.course_name, 'Chemistry 101');

    const paused = await act(session.id, 'pause');
    assert.equal(paused.status, 200);
    assert.equal(paused.body.status, 'paused');
    const pausedAgain = await act(session.id, 'pause');
    assert.deepEqual([pausedAgain.status, pausedAgain.body.status], [200, 'paused']);

    const resumed = await act(session.id, 'resume');
    assert.deepEqual([resumed.status, resumed.body.status], [200, 'recording']);
    const resumedAgain = await act(session.id, 'resume');
    assert.deepEqual([resumedAgain.status, resumedAgain.body.status], [200, 'recording']);

    const stopped = await act(session.id, 'stop');
    assert.equal(stopped.status, 200);
    assert.equal(stopped.body.status, 'stopped');
    assert.ok(stopped.body.ended_at !== null && !Number.isNaN(Date.parse(stopped.body.ended_at)));
    const stoppedAgain = await act(session.id, 'stop');
    assert.deepEqual([stoppedAgain.status, stoppedAgain.body.status, stoppedAgain.body.ended_at], [200, 'stopped', stopped.body.ended_at]);

    for (const action of ['pause', 'resume'] as const) {
      const refused = await act(session.id, action);
      assert.equal(refused.status, 409, action);
      assert.equal(refused.body.error, 'invalid_state', action);
    }
    assert.equal((await client.get<Session>(`/api/v2/sessions/${session.id}`)).body.status, 'stopped');
    assert.deepEqual((await client.get<Status>('/api/v2/status')).body, { session: null, source: null });
  });

  it('stops a paused session directly', async () => {
    const session = await create();
    await act(session.id, 'pause');
    const stopped = await act(session.id, 'stop');
    assert.equal(stopped.body.status, 'stopped');
  });

  it('names a class with a blank course name "Untitled class"', async () => {
    const session = await create({ course_name: '   ' });
    assert.equal(session.course_name, 'Untitled class');
    await act(session.id, 'stop');
  });

  it('keeps a microphone session that could not start current in error until it is stopped', async () => {
    const failed = await client.post<ErrorBody>('/api/v2/sessions', { source: 'microphone' });
    assert.equal(failed.status, 503);
    assert.equal(failed.body.error, 'device_unavailable');
    const status = await client.get<Status>('/api/v2/status');
    assert.equal(status.body.session?.status, 'error');
    assert.equal(status.body.source, 'microphone');
    assert.equal((await client.post('/api/v2/sessions', {})).status, 409);
    const stopped = await act(status.body.session!.id, 'stop');
    assert.equal(stopped.body.status, 'stopped');
    assert.deepEqual((await client.get<Status>('/api/v2/status')).body, { session: null, source: null });
  });

  it('answers 404 for an unknown session or material, creating nothing', async () => {
    for (const action of ['pause', 'resume', 'stop'] as const) {
      assert.equal((await act(randomUUID(), action)).status, 404, action);
    }
    assert.equal((await client.get(`/api/v2/sessions/${randomUUID()}`)).status, 404);
    const before = await client.get<SessionsPage>('/api/v2/sessions?limit=200');
    const withMaterial = await client.post<ErrorBody>('/api/v2/sessions', { material_id: randomUUID() });
    assert.equal(withMaterial.status, 404);
    assert.equal(withMaterial.body.error, 'not_found');
    assert.deepEqual((await client.get<SessionsPage>('/api/v2/sessions?limit=200')).body, before.body);
    assert.equal((await client.get<Status>('/api/v2/status')).body.session, null);
  });

  it('validates the course name and source with 422', async () => {
    for (const body of [{ course_name: 'x'.repeat(courseNameMaxChars + 1) }, { source: 'import' }, { source: 'carrier-pigeon' }, { extra: 1 }]) {
      const response = await client.post<ErrorBody>('/api/v2/sessions', body);
      assert.equal(response.status, 422, JSON.stringify(body).slice(0, 40));
      assert.equal(response.body.error, 'invalid_request');
    }
    const longest = await create({ course_name: 'y'.repeat(courseNameMaxChars) });
    await act(longest.id, 'stop');
  });

  it('pages sessions newest first, following next_before to the end without gaps', async () => {
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const session = await create({ course_name: `Paging ${i}` });
      await act(session.id, 'stop');
      created.push(session.id);
    }
    const all = (await client.get<SessionsPage>('/api/v2/sessions?limit=200')).body;
    assert.equal(all.next_before, null);
    const expectedOrder = all.items.map((s) => s.id);
    assert.deepEqual(expectedOrder.slice(0, created.length), [...created].reverse());

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&before=${cursor}`;
      const page: SessionsPage = (await client.get<SessionsPage>(`/api/v2/sessions?limit=3${query}`)).body;
      assert.ok(page.items.length <= 3);
      seen.push(...page.items.map((s) => s.id));
      cursor = page.next_before;
    } while (cursor !== null);
    assert.deepEqual(seen, expectedOrder);
  });

  it('refuses a page size over the maximum and a malformed cursor', async () => {
    assert.equal((await client.get('/api/v2/sessions?limit=201')).status, 422);
    assert.equal((await client.get('/api/v2/sessions?limit=0')).status, 422);
    assert.equal((await client.get('/api/v2/sessions?before=abc')).status, 422);
  });
});

describe('sessions across a restart', () => {
  it('marks a session left recording as interrupted at the next start, which is final', async () => {
    const dataDir = createTempDataDir();
    try {
      const first = await LecternProcess.start({ dataDir });
      const client = new LecternClient(first.baseUrl, first.token);
      const session = (await client.post<Session>('/api/v2/sessions', { course_name: 'Left running' })).body;
      await first.stop();

      const second = await LecternProcess.start({ dataDir });
      try {
        const again = new LecternClient(second.baseUrl, second.token);
        const reloaded = (await again.get<Session>(`/api/v2/sessions/${session.id}`)).body;
        assert.equal(reloaded.status, 'interrupted');
        assert.ok(reloaded.ended_at !== null);
        assert.deepEqual((await again.get<Status>('/api/v2/status')).body, { session: null, source: null });
        for (const action of ['pause', 'resume', 'stop'] as const) {
          const refused = await again.post<ErrorBody>(`/api/v2/sessions/${session.id}/${action}`);
          assert.equal(refused.status, 409, action);
          assert.equal(refused.body.error, 'invalid_state', action);
        }
        assert.equal((await again.post('/api/v2/sessions', {})).status, 201, 'an interrupted session is not current');
      } finally {
        await second.stop();
      }
    } finally {
      removeTempDataDir(dataDir);
    }
  });
});

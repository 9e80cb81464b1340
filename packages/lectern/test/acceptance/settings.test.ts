import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Entry } from '../../src/features/entries/schemas.js';
import type { Settings } from '../../src/features/settings/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import { EventsClient } from '../support/events-client.js';
import { LecternClient } from '../support/http-client.js';
import { createTempDataDir, LecternProcess, removeTempDataDir } from '../support/lectern-process.js';

const path = '/api/v2/settings';

interface ErrorBody {
  error: string;
  message: string;
  detail?: { loc: (string | number)[]; msg: string; type: string }[];
}

/** Settings through the real CLI: what a desktop UI sees, restarts included. */
describe('settings (acceptance)', () => {
  const dataDir = createTempDataDir();
  let lectern: LecternProcess;
  let client: LecternClient;
  let events: EventsClient;

  before(async () => {
    lectern = await LecternProcess.start({ dataDir });
    client = new LecternClient(lectern.baseUrl, lectern.token);
    ({ client: events } = await EventsClient.authenticated(lectern.port, lectern.token));
  });
  after(async () => {
    await events.close();
    await lectern.stop();
    removeTempDataDir(dataDir);
  });

  const put = (body: unknown) => client.request<Settings & ErrorBody>('PUT', path, { body });

  it('requires the token', async () => {
    assert.equal((await client.withToken(null).get(path)).status, 401);
    assert.equal((await client.withToken(null).request('PUT', path, { body: {} })).status, 401);
  });

  it('answers a PUT of what GET returned with 200 and no event; a real change sends settings.updated', async () => {
    const current = await client.get<Settings>(path);
    assert.equal(current.status, 200);
    const same = await put(current.body);
    assert.equal(same.status, 200);
    assert.deepEqual(same.body, current.body);

    const changed = await put({ llm: { context_characters: 32_000 } });
    assert.equal(changed.status, 200);
    const frame = await events.nextOfType<Settings>('settings.updated');
    assert.deepEqual(frame.data, changed.body);
    assert.equal(events.received.filter((received) => received.type === 'settings.updated').length, 1);
  });

  it('refuses unknown keys with 422 invalid_request and a detail that repeats no value', async () => {
    const value = 'value-that-must-not-come-back';
    const response = await put({ llm: { temperature: value }, theme: value });
    assert.equal(response.status, 422);
    assert.equal(response.body.error, 'invalid_request');
    assert.deepEqual(response.body.detail?.map((issue) => issue.loc.join('.')).sort(), ['body.llm.temperature', 'body.theme']);
    assert.ok(!response.text.includes(value));
  });

  it('applies alert keywords to the next entry without a restart', async () => {
    assert.equal((await put({ alerts: { danger_keywords: ['group presentation'] } })).status, 200);
    const session = await client.post<Session>('/api/v2/sessions', { course_name: 'Settings take effect' });
    assert.equal(session.status, 201);
    const entry = await client.post<Entry>(`/api/v2/sessions/${session.body.id}/entries`, { text: 'Group Presentation order is on the board', source_id: 'a1' });
    assert.deepEqual(entry.body.alert, { level: 'danger', keywords: ['group presentation'] });
    assert.equal((await client.post(`/api/v2/sessions/${session.body.id}/stop`)).status, 200);
  });

  it('applies allowed origins to the next request without a restart', async () => {
    const origin = 'https://classroom-ui.example';
    const headers = { origin };
    assert.equal((await client.get(path, { headers })).status, 403);
    assert.equal((await put({ security: { allowed_origins: [origin] } })).status, 200);
    const allowed = await client.get(path, { headers });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), origin);
  });

  it('keeps the saved settings across a restart', async () => {
    const saved = await put({ llm: { mode: 'byok', base_url: 'https://llm.example/v1/' }, keywords: ['点名'], appearance: { theme: 'dark' } });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.llm.base_url, 'https://llm.example/v1');
    await events.close();
    await lectern.stop();
    lectern = await LecternProcess.start({ dataDir });
    client = new LecternClient(lectern.baseUrl, lectern.token);
    ({ client: events } = await EventsClient.authenticated(lectern.port, lectern.token));
    assert.deepEqual((await client.get<Settings>(path)).body, saved.body);
  });
});

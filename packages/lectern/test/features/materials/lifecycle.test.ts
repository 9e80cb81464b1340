import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Task } from '../../../src/features/assistant/schemas.js';
import type { Material, MaterialSummary } from '../../../src/features/materials/schemas.js';
import type { Session } from '../../../src/features/sessions/schemas.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { multipartBody } from '../../support/multipart.js';

interface Page {
  items: MaterialSummary[];
  next_before: string | null;
}

describe('materials: list, paging, get, delete; sessions pointing at them', () => {
  let feature: FeatureServer;
  const uploaded: Material[] = [];

  before(async () => {
    feature = await startFeatureServer(['materials', 'sessions', 'assistant']);
    for (const name of ['one', 'two', 'three']) {
      const response = await feature.inject({ method: 'POST', url: '/api/v2/materials', ...multipartBody({ filename: `${name}.txt`, content: `Material ${name}: limits and derivatives.` }) });
      assert.equal(response.statusCode, 201, response.body);
      uploaded.push(response.json<Material>());
    }
  });
  after(() => feature.close());

  it('lists newest first without text, paged by cursor', async () => {
    const first = (await feature.inject({ method: 'GET', url: '/api/v2/materials?limit=2' })).json<Page>();
    assert.deepEqual(first.items.map((m) => m.filename), ['three.txt', 'two.txt']);
    assert.ok(first.items.every((item) => !('text' in item) && !('page_texts' in item)));
    assert.ok(first.next_before !== null);
    const second = (await feature.inject({ method: 'GET', url: `/api/v2/materials?limit=2&before=${first.next_before}` })).json<Page>();
    assert.deepEqual(second.items.map((m) => m.filename), ['one.txt']);
    assert.equal(second.next_before, null);
    const bad = await feature.inject({ method: 'GET', url: '/api/v2/materials?limit=0' });
    assert.equal(bad.statusCode, 422);
  });

  it('GET and DELETE answer 404 for an unknown id', async () => {
    assert.equal((await feature.inject({ method: 'GET', url: '/api/v2/materials/nope' })).statusCode, 404);
    assert.equal((await feature.inject({ method: 'DELETE', url: '/api/v2/materials/nope' })).statusCode, 404);
  });

  it('PATCH /sessions/{id} sets or clears the material; an unknown one is 404 and changes nothing', async () => {
    const session = (await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Calculus' } })).json<Session>();
    const [one] = uploaded;
    assert.ok(one);
    const unknown = await feature.inject({ method: 'PATCH', url: `/api/v2/sessions/${session.id}`, payload: { material_id: 'nope' } });
    assert.equal(unknown.statusCode, 404);
    assert.equal((await feature.inject({ method: 'GET', url: `/api/v2/sessions/${session.id}` })).json<Session>().material_id, null);
    const set = await feature.inject({ method: 'PATCH', url: `/api/v2/sessions/${session.id}`, payload: { material_id: one.id } });
    assert.equal(set.statusCode, 200);
    assert.equal(set.json<Session>().material_id, one.id);
    const cleared = await feature.inject({ method: 'PATCH', url: `/api/v2/sessions/${session.id}`, payload: { material_id: null } });
    assert.equal(cleared.json<Session>().material_id, null);
    await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/stop` });
  });

  it('a DELETE that fails in the database leaves the sessions using the material as they were', async () => {
    const [one] = uploaded;
    assert.ok(one);
    const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Calculus', material_id: one.id } });
    const session = created.json<Session>();
    feature.db.exec("CREATE TEMP TRIGGER refuse_material_delete BEFORE DELETE ON materials BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END");
    try {
      const refused = await feature.inject({ method: 'DELETE', url: `/api/v2/materials/${one.id}` });
      assert.ok(refused.statusCode >= 500, refused.body);
      assert.equal((await feature.inject({ method: 'GET', url: `/api/v2/sessions/${session.id}` })).json<Session>().material_id, one.id);
    } finally {
      feature.db.exec('DROP TRIGGER refuse_material_delete');
    }
    assert.equal((await feature.inject({ method: 'GET', url: `/api/v2/materials/${one.id}` })).statusCode, 200);
    assert.equal((await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/stop` })).statusCode, 200);
  });

  it('DELETE removes the material; a session created with it keeps working without it', async () => {
    const [, two] = uploaded;
    assert.ok(two);
    const created = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Calculus', material_id: two.id } });
    assert.equal(created.statusCode, 201, created.body);
    const session = created.json<Session>();
    feature.services.entries.append(session.id, { text: 'Today: derivatives of polynomials.', source_id: 'a' });

    const deleted = await feature.inject({ method: 'DELETE', url: `/api/v2/materials/${two.id}` });
    assert.equal(deleted.statusCode, 200);
    assert.equal(deleted.json<MaterialSummary>().id, two.id);
    assert.equal((await feature.inject({ method: 'GET', url: `/api/v2/materials/${two.id}` })).statusCode, 404);
    assert.equal((await feature.inject({ method: 'GET', url: `/api/v2/sessions/${session.id}` })).json<Session>().material_id, null);

    const task = (await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/assistant`, payload: { kind: 'rescue' } })).json<Task>();
    for (;;) {
      const current = (await feature.inject({ method: 'GET', url: `/api/v2/assistant/${task.id}` })).json<Task>();
      if (current.status !== 'queued' && current.status !== 'running') {
        assert.equal(current.status, 'completed', current.error_message ?? '');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});

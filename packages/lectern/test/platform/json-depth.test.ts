import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { limits } from '../../src/config.js';
import { featureNames } from '../../src/app.js';
import { startFeatureServer, type FeatureServer } from '../support/feature-server.js';

/** A JSON value nested `depth` levels deep, as text: arrays, or objects every other level. */
const nested = (depth: number, open = '[', close = ']'): string => `${open.repeat(depth)}${close.repeat(depth)}`;
const nestedObjects = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * A body nested absurdly deep is the client's mistake, answered before it is parsed or
 * validated: 400 with the contract's envelope on every JSON route, the unauthenticated login
 * exchange too, and the server goes on answering.
 */
describe('JSON bodies nested too deep', () => {
  let feature: FeatureServer;
  let sessionId: string;

  before(async () => {
    feature = await startFeatureServer(featureNames);
    const session = await feature.inject({ method: 'POST', url: '/api/v2/sessions', payload: { course_name: 'Depth' } });
    assert.equal(session.statusCode, 201, session.body);
    sessionId = session.json<{ id: string }>().id;
  });
  after(() => feature.close());

  const deep = nested(10_000);
  const cases = (): { name: string; method: 'POST' | 'PUT' | 'PATCH'; url: string; body: string }[] => [
    { name: 'an entry\'s text', method: 'POST', url: `/api/v2/sessions/${sessionId}/entries`, body: `{"text":${deep},"source_id":"deep-1"}` },
    { name: 'an extra field of an entry', method: 'POST', url: `/api/v2/sessions/${sessionId}/entries`, body: `{"text":"hello","source_id":"deep-2","extra":${nestedObjects(10_000)}}` },
    { name: 'PUT /settings', method: 'PUT', url: '/api/v2/settings', body: `{"llm":${nestedObjects(10_000)}}` },
    { name: 'POST /sessions', method: 'POST', url: '/api/v2/sessions', body: `{"course_name":${deep}}` },
    { name: 'PATCH /sessions/{id}', method: 'PATCH', url: `/api/v2/sessions/${sessionId}`, body: `{"course_name":${deep}}` },
    { name: 'POST /sessions/{id}/assistant', method: 'POST', url: `/api/v2/sessions/${sessionId}/assistant`, body: `{"kind":"followup","question":"why?","history":${deep}}` },
    { name: 'POST /import', method: 'POST', url: '/api/v2/import', body: `{"directory":${deep}}` },
    { name: 'POST /import-config', method: 'POST', url: '/api/v2/import-config', body: `{"path":${deep}}` },
    { name: 'PUT /credentials/{name}', method: 'PUT', url: '/api/v2/credentials/llm', body: `{"value":${deep}}` },
    { name: 'a bare nested array', method: 'POST', url: '/api/v2/sessions', body: deep },
  ];

  it('answers 400 bad_request with the error envelope on every route, never 500', async () => {
    for (const { name, method, url, body } of cases()) {
      const response = await feature.inject({ method, url, payload: body, headers: { 'content-type': 'application/json' } });
      assert.equal(response.statusCode, 400, `${name}: ${response.body.slice(0, 200)}`);
      const answer = response.json<{ error: string; message: string }>();
      assert.equal(answer.error, 'bad_request', name);
      assert.match(answer.message, new RegExp(`nested more than ${limits.jsonBodyMaxNestingLevels} levels`), name);
    }
    const entries = await feature.inject({ method: 'GET', url: `/api/v2/sessions/${sessionId}/entries` });
    assert.deepEqual(entries.json<{ items: unknown[] }>().items, [], 'nothing was stored');
  });

  it('answers the unauthenticated login exchange the same, from the page\'s own origin', async () => {
    // Over a real socket: the exchange is only answered for the origin of the port it arrived on.
    const address = await feature.server.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/v2/auth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: address },
      body: `{"code":${deep}}`,
    });
    assert.equal(response.status, 400);
    const answer = (await response.json()) as { error: string; message: string };
    assert.equal(answer.error, 'bad_request');
    assert.match(answer.message, new RegExp(`nested more than ${limits.jsonBodyMaxNestingLevels} levels`));
  });

  it('counts brackets inside strings as text, and takes bodies up to the limit', async () => {
    const text = `${'['.repeat(3000)} brackets in a sentence ${'{'.repeat(3000)}`;
    const entry = await feature.inject({ method: 'POST', url: `/api/v2/sessions/${sessionId}/entries`, payload: { text, source_id: 'brackets' } });
    assert.equal(entry.statusCode, 201, entry.body);
    // At the limit the body is parsed and judged by the route's schema: a 422 naming the field.
    const atLimit = await feature.inject({
      method: 'POST', url: '/api/v2/sessions', headers: { 'content-type': 'application/json' },
      payload: `{"course_name":${nested(limits.jsonBodyMaxNestingLevels - 1)}}`,
    });
    assert.equal(atLimit.statusCode, 422, atLimit.body);
    const over = await feature.inject({
      method: 'POST', url: '/api/v2/sessions', headers: { 'content-type': 'application/json' },
      payload: `{"course_name":${nested(limits.jsonBodyMaxNestingLevels)}}`,
    });
    assert.equal(over.statusCode, 400, over.body);
  });
});

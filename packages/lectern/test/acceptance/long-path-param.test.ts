import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import type { LecternProcess } from '../support/lectern-process.js';
import { rawRequest, requestHead } from '../support/raw-http.js';

const foreignOrigin = 'https://evil.example';
/** Longer than the router's limit on one path parameter (100 characters). */
const longParam = `${'x'.repeat(300)}-marker`;
const longParamPath = `/api/v2/sessions/${longParam}`;

interface ErrorReply {
  error: string;
  message: string;
}

describe('a path parameter longer than the router accepts', () => {
  let lectern: LecternProcess;
  let client: LecternClient;

  useLectern((started, startedClient) => {
    lectern = started;
    client = startedClient;
  });

  it('from a foreign origin without a token gets the same refusal as any foreign-origin request', async () => {
    const ordinary = await client.get<ErrorReply>('/api/v2/sessions/some-id', { token: null, headers: { origin: foreignOrigin } });
    const long = await client.get<ErrorReply>(longParamPath, { token: null, headers: { origin: foreignOrigin } });
    assert.equal(ordinary.status, 403);
    assert.deepEqual([long.status, long.body], [ordinary.status, ordinary.body]);
    assert.ok(!long.text.includes('marker'));
  });

  it('without a token gets 401 like any other route', async () => {
    const long = await client.get<ErrorReply>(longParamPath, { token: null });
    assert.equal(long.status, 401);
    assert.equal(long.body.error, 'unauthorized');
    assert.equal(long.headers.get('www-authenticate'), 'Bearer');
  });

  it('with a foreign Host gets host_denied', async () => {
    const response = await rawRequest(lectern.port, requestHead('GET', longParamPath, lectern.port, { host: 'evil.example', authorization: `Bearer ${lectern.token}` }));
    assert.equal(response.status, 403);
    assert.equal((JSON.parse(response.body) as ErrorReply).error, 'host_denied');
  });

  it('with a valid token is a 4xx in the contract shape that does not echo the path', async () => {
    const long = await client.get<ErrorReply>(longParamPath);
    assert.ok(long.status >= 400 && long.status < 500, String(long.status));
    assert.deepEqual(Object.keys(long.body).sort(), ['error', 'message']);
    assert.equal(long.body.error, 'bad_request');
    assert.ok(!long.text.includes('marker'), long.text);
  });

  it('a path parameter that does not decode gets the same checks and a bad_request that echoes nothing', async () => {
    const badPath = '/api/v2/sessions/marker%E0%A4%A';
    const foreign = await client.get<ErrorReply>(badPath, { token: null, headers: { origin: foreignOrigin } });
    assert.deepEqual([foreign.status, foreign.body.error], [403, 'origin_denied']);
    const tokenless = await client.get<ErrorReply>(badPath, { token: null });
    assert.deepEqual([tokenless.status, tokenless.body.error], [401, 'unauthorized']);
    const authorised = await client.get<ErrorReply>(badPath);
    assert.deepEqual([authorised.status, authorised.body.error], [400, 'bad_request']);
    assert.ok(!authorised.text.includes('marker'), authorised.text);
  });
});

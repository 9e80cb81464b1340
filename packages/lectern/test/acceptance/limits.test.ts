import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';
import { rawRequest, requestHead } from '../support/raw-http.js';

const jsonBodyMaxBytes = 256 * 1024;

interface ErrorBody {
  error: string;
  message: string;
  detail?: { loc: (string | number)[]; msg: string; type: string }[];
}

describe('request limits and validation', () => {
  let lectern: LecternProcess;
  let client: LecternClient;
  let sessionId: string;

  before(async () => {
    lectern = await LecternProcess.start();
    client = new LecternClient(lectern.baseUrl, lectern.token);
    sessionId = (await client.post<{ id: string }>('/api/v2/sessions', { course_name: 'Limits' })).body.id;
  });
  after(() => lectern.dispose());

  it('answers 413 to a declared length over 256 KiB without waiting for the body', async () => {
    const head = requestHead('POST', `/api/v2/sessions/${sessionId}/entries`, lectern.port, {
      authorization: `Bearer ${lectern.token}`,
      'content-type': 'application/json',
      'content-length': String(jsonBodyMaxBytes + 1),
    });
    // No body follows: the answer can only come from the declared length.
    const response = await rawRequest(lectern.port, head);
    assert.equal(response.status, 413);
    assert.equal((JSON.parse(response.body) as ErrorBody).error, 'too_large');
  });

  it('checks the token before the declared length', async () => {
    const head = requestHead('POST', `/api/v2/sessions/${sessionId}/entries`, lectern.port, {
      'content-type': 'application/json',
      'content-length': String(jsonBodyMaxBytes * 4),
    });
    assert.equal((await rawRequest(lectern.port, head)).status, 401);
  });

  // Node's HTTP parser rejects this header before any hook runs; app.ts's clientErrorHandler
  // still answers with the envelope.
  it('answers 400 bad_request to a malformed Content-Length', async () => {
    const head = requestHead('POST', `/api/v2/sessions/${sessionId}/entries`, lectern.port, {
      authorization: `Bearer ${lectern.token}`,
      'content-type': 'application/json',
      'content-length': '12abc',
    });
    const response = await rawRequest(lectern.port, head);
    assert.equal(response.status, 400);
    assert.equal((JSON.parse(response.body) as ErrorBody).error, 'bad_request');
  });

  it('answers 400 bad_request to malformed JSON', async () => {
    const response = await client.post<ErrorBody>(`/api/v2/sessions/${sessionId}/entries`, '{"text": "unterminated');
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'bad_request');
  });

  it('answers 400 bad_request to a body that is not JSON', async () => {
    const response = await client.request<ErrorBody>('POST', `/api/v2/sessions/${sessionId}/entries`, {
      body: 'text=hello',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'bad_request');
  });

  it('answers 400 bad_request to JSON sent as text/plain (the wrong content type), not 422', async () => {
    for (const contentType of ['text/plain', 'text/plain; charset=utf-8']) {
      const response = await client.request<ErrorBody>('POST', `/api/v2/sessions/${sessionId}/entries`, {
        body: JSON.stringify({ text: 'hello', source_id: 'plain' }),
        headers: { 'content-type': contentType },
      });
      assert.equal(response.status, 400, contentType);
      assert.equal(response.body.error, 'bad_request', contentType);
    }
    const noBody = await client.request('POST', `/api/v2/sessions/${sessionId}/pause`, { headers: { 'content-type': 'text/plain' } });
    assert.equal(noBody.status, 200, 'an empty body of any type is no body');
    assert.equal((await client.post(`/api/v2/sessions/${sessionId}/resume`)).status, 200);
  });

  it('treats a missing body as empty: 422 for the missing fields, not a parse error', async () => {
    const response = await client.post<ErrorBody>(`/api/v2/sessions/${sessionId}/entries`);
    assert.equal(response.status, 422);
    assert.equal(response.body.error, 'invalid_request');
  });

  it('answers 422 with a detail list that never echoes the submitted values', async () => {
    const secretLookingValue = 'sk-should-never-come-back-1234567890';
    const response = await client.post<ErrorBody>(`/api/v2/sessions/${sessionId}/entries`, {
      text: 'fine',
      source_id: 'ok',
      unexpected_field: secretLookingValue,
    });
    assert.equal(response.status, 422);
    assert.equal(response.body.error, 'invalid_request');
    assert.ok(response.body.detail?.some((issue) => issue.loc.includes('unexpected_field')), 'the unknown key is named');
    for (const issue of response.body.detail ?? []) {
      assert.ok(Array.isArray(issue.loc));
      assert.equal(typeof issue.msg, 'string');
      assert.equal(typeof issue.type, 'string');
    }
    const overLong = await client.post<ErrorBody>(`/api/v2/sessions/${sessionId}/entries`, { text: secretLookingValue.repeat(300), source_id: 'x' });
    assert.equal(overLong.status, 422);
    for (const answer of [response, overLong]) assert.ok(!answer.text.includes(secretLookingValue), answer.text);
  });

  it('names the offending field in the detail', async () => {
    const response = await client.post<ErrorBody>(`/api/v2/sessions/${sessionId}/entries`, { text: 'no source id' });
    assert.equal(response.status, 422);
    assert.ok(response.body.detail?.some((issue) => issue.loc.includes('source_id')), JSON.stringify(response.body.detail));
  });
});

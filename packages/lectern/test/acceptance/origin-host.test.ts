import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventsClient, UpgradeRefused, eventsPath } from '../support/events-client.js';
import type { LecternClient } from '../support/http-client.js';
import { useLectern } from '../support/lectern-fixture.js';
import type { LecternProcess } from '../support/lectern-process.js';
import { rawRequest, requestHead } from '../support/raw-http.js';

const allowedOrigin = 'tauri://localhost';
const foreignOrigin = 'https://evil.example';

describe('Origin and Host checks', () => {
  let lectern: LecternProcess;
  let client: LecternClient;

  useLectern((started, startedClient) => {
    lectern = started;
    client = startedClient;
  });

  it('refuses a foreign Origin with 403 origin_denied, even with the right token', async () => {
    for (const origin of [foreignOrigin, 'http://localhost:1421', 'null', 'TAURI://LOCALHOST']) {
      const response = await client.get<{ error: string }>('/api/v2/status', { headers: { origin } });
      assert.equal(response.status, 403, origin);
      assert.equal(response.body.error, 'origin_denied', origin);
      assert.equal(response.headers.get('access-control-allow-origin'), null, origin);
    }
  });

  it('checks the Origin before the token, so a foreign page learns nothing about auth', async () => {
    const response = await client.get<{ error: string }>('/api/v2/status', { token: null, headers: { origin: foreignOrigin } });
    assert.equal(response.status, 403);
    assert.equal(response.body.error, 'origin_denied');
  });

  it('answers an allowed origin with Access-Control-Allow-Origin naming it', async () => {
    for (const origin of ['tauri://localhost', 'http://tauri.localhost', 'https://tauri.localhost', 'http://localhost:1420', 'http://127.0.0.1:1420']) {
      const response = await client.get('/api/v2/status', { headers: { origin } });
      assert.equal(response.status, 200, origin);
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
    }
  });

  it('carries Access-Control-Allow-Origin on error answers too, so the UI can read them', async () => {
    const unauthorized = await client.get('/api/v2/status', { token: null, headers: { origin: allowedOrigin } });
    assert.equal(unauthorized.status, 401);
    assert.equal(unauthorized.headers.get('access-control-allow-origin'), allowedOrigin);
    const badJson = await client.post('/api/v2/sessions', '{not json', { headers: { origin: allowedOrigin } });
    assert.equal(badJson.status, 400);
    assert.equal(badJson.headers.get('access-control-allow-origin'), allowedOrigin);
  });

  it('answers a CORS preflight from an allowed origin with 204 and no token needed', async () => {
    const response = await client.request('OPTIONS', '/api/v2/sessions', {
      token: null,
      headers: { origin: allowedOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), allowedOrigin);
    const methods = (response.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) assert.ok(methods.includes(method), method);
    const headers = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    for (const header of ['authorization', 'content-type']) assert.ok(headers.includes(header), header);
  });

  it('refuses a preflight from a foreign origin', async () => {
    const response = await client.request<{ error: string }>('OPTIONS', '/api/v2/sessions', { token: null, headers: { origin: foreignOrigin } });
    assert.equal(response.status, 403);
    assert.equal(response.body.error, 'origin_denied');
  });

  it('refuses a rebinding Host header with 403 host_denied, even with the right token', async () => {
    for (const host of ['evil.example', `evil.example:${lectern.port}`, '192.168.1.10', '127.0.0.1.evil.example', 'localhost.evil.example']) {
      const head = requestHead('GET', '/api/v2/status', lectern.port, { host, authorization: `Bearer ${lectern.token}` });
      const response = await rawRequest(lectern.port, head);
      assert.equal(response.status, 403, host);
      assert.equal((JSON.parse(response.body) as { error: string }).error, 'host_denied', host);
    }
  });

  it('accepts every loopback spelling of the Host header', async () => {
    for (const host of [`127.0.0.1:${lectern.port}`, `localhost:${lectern.port}`, `[::1]:${lectern.port}`, 'localhost']) {
      const head = requestHead('GET', '/api/v2/status', lectern.port, { host, authorization: `Bearer ${lectern.token}` });
      assert.equal((await rawRequest(lectern.port, head)).status, 200, host);
    }
  });

  it('refuses the events upgrade from a foreign origin with 403', async () => {
    await assert.rejects(EventsClient.connect(lectern.port, { origin: foreignOrigin }), (error: unknown) => {
      assert.ok(error instanceof UpgradeRefused);
      assert.equal(error.status, 403);
      return true;
    });
  });

  it('refuses the events upgrade with a rebinding Host header', async () => {
    const head = requestHead('GET', eventsPath, lectern.port, {
      host: 'evil.example',
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-version': '13',
    });
    const response = await rawRequest(lectern.port, head);
    assert.equal(response.status, 403);
    assert.equal((JSON.parse(response.body) as { error: string }).error, 'host_denied');
  });
});

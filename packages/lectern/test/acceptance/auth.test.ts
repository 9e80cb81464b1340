import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { LecternClient, type ApiResponse } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';
import { rawRequest, requestHead } from '../support/raw-http.js';

interface Route {
  method: string;
  path: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

/** Routes the spine must have; the matrix also takes every route the OpenAPI document lists. */
const spineRoutes: Route[] = [
  { method: 'GET', path: '/api/v2/status' },
  { method: 'GET', path: '/api/v2/sessions' },
  { method: 'POST', path: '/api/v2/sessions' },
  { method: 'GET', path: '/api/v2/sessions/{id}' },
  { method: 'POST', path: '/api/v2/sessions/{id}/pause' },
  { method: 'POST', path: '/api/v2/sessions/{id}/resume' },
  { method: 'POST', path: '/api/v2/sessions/{id}/stop' },
  { method: 'GET', path: '/api/v2/sessions/{id}/entries' },
  { method: 'POST', path: '/api/v2/sessions/{id}/entries' },
  { method: 'GET', path: '/api/v2/sessions/{id}/export' },
];

/** Routes hidden from the document, and routes that do not exist: all must answer 401 first. */
const undocumentedRoutes: Route[] = [
  { method: 'GET', path: '/api/v2/openapi.json' },
  { method: 'GET', path: '/api/v2/events' },
  { method: 'GET', path: '/api/v2/no-such-route' },
  { method: 'DELETE', path: '/api/v2/sessions/{id}' },
  { method: 'PUT', path: '/api/v2/sessions/{id}/entries' },
  { method: 'POST', path: '/api/health' },
  // `GET /` and `/assets/*` are the web workspace's files, public on purpose (login-codes and
  // the browser tests cover them); other verbs and unknown files still need the token.
  { method: 'POST', path: '/' },
  { method: 'GET', path: '/index.html' },
  { method: 'GET', path: '/assets/no-such-file.js' },
  { method: 'GET', path: '/api/v1/sessions' },
];

const healthPath = '/api/health';
const latin1Token = 'Bearer caf\u00e9-not-the-token';
const utf8Token = 'Bearer 令牌-not-the-token';

function concrete(path: string): string {
  return path.replace(/\{[^}]+\}/g, randomUUID());
}

function key(route: Route): string {
  return `${route.method} ${route.path}`;
}

function assertUnauthorized(response: ApiResponse<unknown>, label: string): void {
  assert.equal(response.status, 401, label);
  assert.equal(response.headers.get('www-authenticate'), 'Bearer', label);
  const body = response.body as { error: string; message: string };
  assert.equal(body.error, 'unauthorized', label);
  assert.equal(typeof body.message, 'string', label);
}

describe('authentication', () => {
  let lectern: LecternProcess;
  let client: LecternClient;
  let matrix: Route[];

  before(async () => {
    lectern = await LecternProcess.start();
    client = new LecternClient(lectern.baseUrl, lectern.token);
    const document = await client.get<OpenApiDocument>('/api/v2/openapi.json');
    const documented = Object.entries(document.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    const routes = new Map<string, Route>();
    for (const route of [...spineRoutes, ...documented, ...undocumentedRoutes]) {
      // Health, and the login-code exchange, which authenticates by its body (login-codes.test.ts).
      const isPublic = (route.method === 'GET' && route.path === healthPath) || (route.method === 'POST' && route.path === '/api/v2/auth/exchange');
      if (!isPublic) routes.set(key(route), route);
    }
    matrix = [...routes.values()];
  });
  after(() => lectern.dispose());

  it('documents every spine route, so the matrix below covers what clients call', async () => {
    const document = await client.get<OpenApiDocument>('/api/v2/openapi.json');
    const documented = new Set(
      Object.entries(document.body.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    for (const route of spineRoutes) assert.ok(documented.has(key(route)), key(route));
  });

  it('answers 401 with WWW-Authenticate on every route, known or not, without a token', async () => {
    for (const route of matrix) {
      assertUnauthorized(await client.request(route.method, concrete(route.path), { token: null }), key(route));
    }
  });

  it('answers 401 on every route for a wrong token, a wrong scheme and an empty bearer', async () => {
    const wrongHeaders = [`Bearer ${lectern.token.slice(0, -1)}x`, `Bearer ${lectern.token}x`, `Basic ${lectern.token}`, 'Bearer', latin1Token];
    for (const route of matrix) {
      for (const authorization of wrongHeaders) {
        const response = await client.request(route.method, concrete(route.path), { token: null, headers: { authorization } });
        assertUnauthorized(response, `${key(route)} with ${JSON.stringify(authorization.slice(0, 8))}`);
      }
    }
  });

  it('answers 401, never 500, to a UTF-8 Authorization header on every route', async () => {
    for (const route of matrix) {
      const head = requestHead(route.method, concrete(route.path), lectern.port, { authorization: utf8Token });
      const response = await rawRequest(lectern.port, head);
      assert.equal(response.status, 401, key(route));
      assert.equal(response.headers['www-authenticate'], 'Bearer', key(route));
      assert.equal((JSON.parse(response.body) as { error: string }).error, 'unauthorized', key(route));
    }
  });

  it('serves health without a token, with nothing but status and version', async () => {
    const response = await client.get<Record<string, unknown>>(healthPath, { token: null });
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ['status', 'version']);
    assert.equal(response.body.status, 'healthy');
    assert.equal(response.body.version, lectern.connection.version);
  });

  it('only reveals that a route is unknown after the token is accepted', async () => {
    const response = await client.get<{ error: string }>('/api/v2/no-such-route');
    assert.equal(response.status, 404);
    assert.equal(response.body.error, 'not_found');
  });

  it('accepts the right token on the routes it guards', async () => {
    assert.equal((await client.get('/api/v2/status')).status, 200);
    assert.equal((await client.get('/api/v2/openapi.json')).status, 200);
  });
});

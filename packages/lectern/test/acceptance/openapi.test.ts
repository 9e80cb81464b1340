import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';

interface Operation {
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  security: Record<string, unknown>[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

describe('OpenAPI document', () => {
  let lectern: LecternProcess;
  let document: OpenApiDocument;

  before(async () => {
    lectern = await LecternProcess.start();
    const response = await new LecternClient(lectern.baseUrl, lectern.token).get<OpenApiDocument>('/api/v2/openapi.json');
    assert.equal(response.status, 200);
    document = response.body;
  });
  after(() => lectern.dispose());

  it('is an OpenAPI 3 document for this version', () => {
    assert.match(document.openapi, /^3\./);
    assert.equal(document.info.version, lectern.connection.version);
  });

  it('declares bearer auth for everything and opts health and the login-code exchange out', () => {
    assert.deepEqual(document.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer' });
    assert.deepEqual(document.security, [{ bearer: [] }]);
    assert.deepEqual(document.paths['/api/health']?.get?.security, []);
    assert.deepEqual(document.paths['/api/v2/auth/exchange']?.post?.security, []);
    for (const [path, methods] of Object.entries(document.paths)) {
      if (path === '/api/health' || path === '/api/v2/auth/exchange') continue;
      for (const [method, operation] of Object.entries(methods)) assert.equal(operation.security, undefined, `${method} ${path} must not opt out`);
    }
  });

  it('names the shared Session and Entry schemas', () => {
    assert.ok(document.components.schemas.Session);
    assert.ok(document.components.schemas.Entry);
    const appendResponses = document.paths['/api/v2/sessions/{id}/entries']?.post?.responses ?? {};
    for (const status of ['200', '201']) {
      assert.equal(appendResponses[status]?.content?.['application/json']?.schema?.$ref, '#/components/schemas/Entry', status);
    }
  });

  it('is not served without the token', async () => {
    const response = await new LecternClient(lectern.baseUrl, null).get('/api/v2/openapi.json');
    assert.equal(response.status, 401);
  });
});

/**
 * A request that does not arrive in time (a client that opens a connection and trickles its
 * headers, as a slow-loris attack does) is refused by Node's own timers: Loom answers it 408 in
 * its error shape, as Node would answer it, not as a 400 and not in Fastify's shape.
 *
 * Node checks its timeouts every 30 s and allows 60 s for headers, so the server is
 * built in this process and its Node server given short limits before it listens; what answers
 * is the server's own refusal handler.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LoomHttpServer } from '../../../src/runtime/server/http-server.js';
import type { ServerHost } from '../../../src/runtime/server/http-server.js';
import type { ServerSpec } from '../../../src/runtime/server/server-spec.js';
import { rawExchange } from '../../support/raw-http.js';

const HEADERS_TIMEOUT_MS = 300;
const CHECK_INTERVAL_MS = 50;

const SPEC: ServerSpec = { label: 'Slow', name: 'Slow', port: null, bodyLimit: null, cors: null, statics: [], requestContext: false, requireAuth: [], routes: [] };

/** A server without routes never calls into a program. */
function unused(): never {
  throw new Error('a server without routes has no program to call');
}

const HOST: ServerHost = {
  callValue: unused,
  isAgent: () => false,
  verifyToken: unused,
  classify: unused,
  baseDirectory: process.cwd(),
  reportError: unused,
  warn: unused,
};

let server: LoomHttpServer;
let url: string;

before(async () => {
  server = await LoomHttpServer.create(SPEC, HOST);
  const node = server.app.server;
  // Only the headers' limit is shortened: Loom leaves the whole request without one, as Fastify does.
  assert.equal(node.requestTimeout, 0);
  node.headersTimeout = HEADERS_TIMEOUT_MS;
  // How often Node looks for requests past their time, read when the server starts listening
  // (a constructor option that Node's types do not list as a property).
  Object.assign(node, { connectionsCheckingInterval: CHECK_INTERVAL_MS });
  url = await server.listen(0, '127.0.0.1');
});

after(() => server.close());

test('headers that never end within the timeout: 408 request_timeout in Loom\'s shape', async () => {
  const started = performance.now();
  const answer = await rawExchange(url, 'GET /slow HTTP/1.1\r\nHost: x\r\nX-Secret: never-echoed\r\n');
  assert.match(answer, /^HTTP\/1\.1 408 /);
  assert.ok(answer.endsWith('{"error":{"code":"request_timeout","message":"the request did not arrive within the time the server allows"}}'), answer);
  assert.ok(performance.now() - started >= HEADERS_TIMEOUT_MS, 'the refusal came once the timeout had passed');
});

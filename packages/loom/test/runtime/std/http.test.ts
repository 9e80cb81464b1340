import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { HTTP_RESPONSE_LIMIT_BYTES, http } from '../../../src/runtime/std/http.js';
import { stdTools } from '../../../src/runtime/std/tools.js';
import { callTool } from '../../../src/runtime/agents/tools.js';

const NOT_FOUND = 404;
const SHORT_TOOL_TIMEOUT_MS = 200;
const HELD_BACK_MS = 5_000;

let server: Server;
let base: string;
/** Requests whose client went away before they were answered. */
let abandoned = 0;

before(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/echo') {
        response.end(JSON.stringify({ method: request.method, type: request.headers['content-type'] ?? null, token: request.headers['x-token'] ?? null, body: Buffer.concat(chunks).toString('utf8') }));
      } else if (request.url === '/huge') {
        response.end('x'.repeat(HTTP_RESPONSE_LIMIT_BYTES + 1));
      } else if (request.url === '/slow') {
        const timer = setTimeout(() => response.end('late'), HELD_BACK_MS);
        response.on('close', () => {
          clearTimeout(timer);
          if (!response.writableEnded) abandoned += 1;
        });
      } else {
        response.writeHead(NOT_FOUND).end('no such page');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A port nothing listens on: one a server had until it closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('std.http', () => {
  it('returns the body of a GET as text, with the given headers', async () => {
    const answer = JSON.parse(await http.get(`${base}/echo`, { 'x-token': 'abc' })) as Record<string, unknown>;
    assert.deepEqual(answer, { method: 'GET', type: null, token: 'abc', body: '' });
  });

  it('sends text as it is and other data as JSON', async () => {
    assert.deepEqual(JSON.parse(await http.post(`${base}/echo`, { a: 1 })), { method: 'POST', type: 'application/json', token: null, body: '{"a":1}' });
    assert.equal((JSON.parse(await http.http_put(`${base}/echo`, 'plain')) as { body: string }).body, 'plain');
    assert.equal((JSON.parse(await http.delete(`${base}/echo`)) as { method: string }).method, 'DELETE');
  });

  it('raises E102 for an error status, an oversized body, an unreachable host and a bad URL', async () => {
    await assert.rejects(http.get(`${base}/missing`), { code: 'E102', message: `std.http GET ${base}/missing: answered HTTP 404` });
    await assert.rejects(http.get(`${base}/huge`), { code: 'E102', message: `std.http GET ${base}/huge: the response is larger than 1024 KiB` });
    const closed = `http://127.0.0.1:${await closedPort()}/`;
    await assert.rejects(http.get(closed), { code: 'E102', message: new RegExp(`^std\\.http GET ${closed}: .*ECONNREFUSED`) });
    await assert.rejects(http.get('file:///etc/passwd'), { code: 'E102', message: /only http:\/\/ and https:\/\/ URLs/ });
  });

  it('as an agent tool, stops the request when the tool_timeout fires', async () => {
    const get = stdTools('http', http).find((tool) => tool.name === 'std_http_get');
    assert.ok(get);
    await assert.rejects(callTool(get, { url: `${base}/slow` }, SHORT_TOOL_TIMEOUT_MS), { code: 'E102', message: /did not finish within its tool_timeout/ });
    for (let waited = 0; abandoned === 0 && waited < HELD_BACK_MS; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(abandoned, 1, 'the server saw the request go away');
  });
});

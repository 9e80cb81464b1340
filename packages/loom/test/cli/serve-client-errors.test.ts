/**
 * Issue 31: a request the client got wrong is a 4xx in Loom's error shape, never a 500 and
 * never Fastify's shape. The route is the reference's own contract example; before the fix a
 * malformed, list or form body answered 500 E105, JSON nested 5,000 levels deep 500 "ran out
 * of stack", and Fastify's own 400/431 answers quoted the client's URL in their own shape.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { JSON_BODY_MAX_NESTING_LEVELS } from '../../src/runtime/server/http-limits.js';
import { rawExchange } from '../support/raw-http.js';
import { serve } from './serve-support.js';
import type { ServedProgram } from './serve-support.js';

const PROGRAM = `server MyApp {
    route POST "/orders/{id}" {
        requires: request.body.amount > 0
        handler: place_order
    }
    route POST "/echo" => echo
}
flow place_order(id) { return {accepted: true, id: id} }
flow echo(request) { return request.body }
`;

const project = mkdtempSync(join(tmpdir(), 'loom-serve-client-errors-'));
let served: ServedProgram;

before(async () => {
  writeFileSync(join(project, 'main.nx'), PROGRAM);
  served = await serve('main.nx', { cwd: project });
});

after(async () => {
  await served.stop();
  rmSync(project, { recursive: true, force: true });
});

function nested(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

async function post(path: string, body: string, contentType = 'application/json'): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${served.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: answer.status, body: await answer.json() };
}

const UNREADABLE = { error: { code: 'EC02', clause: 'requires', message: 'the request is not one requires can read: request.body.amount > 0' } };

test('bodies the route contract cannot read answer 400 EC02, not 500', async () => {
  for (const [body, contentType] of [['{bad', 'application/json'], ['[1, 2]', 'application/json'], ['"text"', 'application/json'], ['amount=5', 'application/x-www-form-urlencoded']] as const) {
    assert.deepEqual(await post('/orders/1', body, contentType), { status: 400, body: UNREADABLE }, body);
  }
  // A body the contract reads still gets the contract's own answers.
  assert.deepEqual(await post('/orders/1', '{"amount": 5}'), { status: 200, body: { accepted: true, id: '1' } });
  assert.equal((await post('/orders/1', '{"amount": -1}')).status, 401);
  assert.doesNotMatch(served.stderr(), /E105/, 'a client error is not reported as a failure');
});

test('JSON nested deeper than the limit is refused with 400 before it is parsed', async () => {
  const refused = { status: 400, body: { error: { code: 'body_too_deep', message: `the JSON body nests deeper than ${JSON_BODY_MAX_NESTING_LEVELS} levels` } } };
  assert.deepEqual(await post('/orders/1', nested(5000)), refused);
  assert.deepEqual(await post('/echo', nested(JSON_BODY_MAX_NESTING_LEVELS + 1)), refused);
  // Brackets inside strings are text, not nesting.
  assert.deepEqual(await post('/echo', JSON.stringify({ text: '['.repeat(5000) })), { status: 200, body: { text: '['.repeat(5000) } });
  assert.equal((await post('/echo', nested(JSON_BODY_MAX_NESTING_LEVELS))).status, 200);
});

test("Fastify's and Node's own refusals carry Loom's error shape and echo nothing the client sent", async () => {
  const badUrl = await fetch(`${served.url}/orders/%zzsecret`);
  assert.equal(badUrl.status, 400);
  assert.deepEqual(await badUrl.json(), { error: { code: 'bad_request', message: 'the request is malformed' } });

  const badType = await post('/echo', 'x', ';;;secret');
  assert.deepEqual(badType, { status: 415, body: { error: { code: 'unsupported_media_type', message: "the request's content type cannot be read" } } });

  const tooLarge = await post('/echo', JSON.stringify('a'.repeat(1024 * 1024 + 1)));
  assert.equal(tooLarge.status, 413);
  assert.equal((tooLarge.body as { error: { code: string } }).error.code, 'body_too_large');

  const hugeHeaders = await rawExchange(served.url, `GET /echo HTTP/1.1\r\nHost: x\r\nX-Secret: ${'s'.repeat(20_000)}\r\n\r\n`);
  assert.match(hugeHeaders, /^HTTP\/1\.1 431 /);
  assert.ok(hugeHeaders.endsWith('{"error":{"code":"headers_too_large","message":"the request\'s headers are larger than the server accepts"}}'), hugeHeaders);

  const notHttp = await rawExchange(served.url, 'SECRET GARBAGE\r\n\r\n');
  assert.match(notHttp, /^HTTP\/1\.1 400 /);
  assert.ok(notHttp.endsWith('{"error":{"code":"bad_request","message":"the request is malformed"}}'), notHttp);
});

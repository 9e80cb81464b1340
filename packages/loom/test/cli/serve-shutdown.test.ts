/**
 * A request that reaches `loom serve` while it shuts down is refused with 503 in Loom's error
 * shape, not in Fastify's own (`{"error": "Service Unavailable", "statusCode": 503}`). Such a
 * request is one whose connection was already busy when the server began to stop: here, one
 * whose headers had started to arrive.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { serve } from './serve-support.js';

const project = mkdtempSync(join(tmpdir(), 'loom-serve-shutdown-'));

after(() => rmSync(project, { recursive: true, force: true }));

const PROGRAM = `server 8080 {
    route GET "/hello" => hello
}
flow hello() { return {hello: "world"} }
`;

function opened(port: number, host: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves once the server takes no new connections: it has begun to stop. */
async function refusingConnections(port: number, host: string): Promise<void> {
  for (;;) {
    try {
      (await opened(port, host)).destroy();
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("a request that arrives while the server stops answers 503 in Loom's error shape", async () => {
  writeFileSync(join(project, 'main.nx'), PROGRAM);
  const served = await serve('main.nx', { cwd: project });
  const { hostname, port } = new URL(served.url);
  const socket = await opened(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // The start of a request: the connection is busy, so stopping does not close it.
  socket.write('GET /hello HTTP/1.1\r\nHost: localhost\r\n');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = served.stop('SIGTERM');
  await refusingConnections(Number(port), hostname);
  socket.write('\r\n');
  await closed;
  assert.match(answer, /^HTTP\/1\.1 503 /);
  assert.match(answer, /\r\nconnection: close\r\n/i);
  assert.ok(answer.endsWith('\r\n\r\n{"error":{"code":"shutting_down","message":"the server is shutting down and takes no new requests"}}'), answer);
  assert.equal(await exited, 0);
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { EventsClient } from '../support/events-client.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess } from '../support/lectern-process.js';

/** Issue 30: SIGTERM ends the process within this, whatever the clients do. */
const shutdownBudgetMs = 2000;
const loadedEntries = 3000;
const loadedEntryChars = 8000;
const postConcurrency = 8;

/** Makes a request on a keep-alive agent and leaves the socket open and idle afterwards. */
function idleKeepAliveSocket(lectern: LecternProcess): Promise<Agent> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: lectern.port, path: '/api/v2/status', agent, headers: { authorization: `Bearer ${lectern.token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(agent));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A masked client text frame (RFC 6455), short payloads only. */
function clientTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  assert.ok(payload.length < 126);
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}

/**
 * An events client that authenticates and then never sends anything again, the close frame
 * included: it reads what the server sends (so nothing backs up) and ignores it.
 */
function deafWebSocket(lectern: LecternProcess): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(lectern.port, '127.0.0.1');
    let head = '';
    let upgraded = false;
    socket.on('error', () => undefined);
    socket.once('error', reject);
    socket.on('data', (chunk: Buffer) => {
      if (upgraded) return;
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      upgraded = true;
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`upgrade refused: ${head.split('\r\n', 1)[0]}`));
      socket.write(clientTextFrame(JSON.stringify({ type: 'auth', token: lectern.token })));
      resolve(socket);
    });
    socket.write(
      `GET /api/v2/events HTTP/1.1\r\nHost: 127.0.0.1:${lectern.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
        + `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

/** A class of 3,000 entries of 8,000 characters (24 MB of transcript); resolves to its session id. */
async function loadedClass(client: LecternClient): Promise<string> {
  const session = await client.post<{ id: string }>('/api/v2/sessions', { course_name: 'Shutdown load' });
  assert.equal(session.status, 201);
  let next = 0;
  const worker = async () => {
    while (next < loadedEntries) {
      const n = next++;
      // Words that vary, so the notes have terms to rank: the built-in summary's costly part.
      const text = `${n} ${Array.from({ length: loadedEntryChars / 8 }, (_v, i) => `term${(n * 31 + i) % 997} `).join('')}`.slice(0, loadedEntryChars);
      const response = await client.post(`/api/v2/sessions/${session.body.id}/entries`, { text, source_id: `load-${n}` });
      assert.equal(response.status, 201);
    }
  };
  await Promise.all(Array.from({ length: postConcurrency }, worker));
  return session.body.id;
}

async function timedStop(lectern: LecternProcess): Promise<number> {
  const startedMs = Date.now();
  assert.deepEqual(await lectern.stop(), { code: 0, signal: null });
  return Date.now() - startedMs;
}

describe('shutdown: SIGTERM exits within 2 s and removes connection.json', () => {
  it('with an idle keep-alive socket and a WebSocket client that never answers the close frame', async () => {
    const lectern = await LecternProcess.start();
    const sockets: Socket[] = [];
    let agent: Agent | undefined;
    try {
      agent = await idleKeepAliveSocket(lectern);
      sockets.push(await deafWebSocket(lectern));
      // Let the auth message land, so the WebSocket is a live events client.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const elapsedMs = await timedStop(lectern);
      assert.ok(elapsedMs < shutdownBudgetMs, `exit took ${elapsedMs} ms`);
      assert.equal(existsSync(lectern.ready.connection_file), false);
    } finally {
      agent?.destroy();
      for (const socket of sockets) socket.destroy();
      await lectern.dispose();
    }
  });

  it('after a loaded run of 3,000 entries of 8,000 characters', async () => {
    const lectern = await LecternProcess.start();
    try {
      // An events client that stopped reading while the frames of 24 MB of transcript came.
      const { client: stalled } = await EventsClient.authenticated(lectern.port, lectern.token);
      stalled.pauseReading();
      const client = new LecternClient(lectern.baseUrl, lectern.token);
      await loadedClass(client);
      const elapsedMs = await timedStop(lectern);
      assert.ok(elapsedMs < shutdownBudgetMs, `exit took ${elapsedMs} ms`);
      assert.equal(existsSync(lectern.ready.connection_file), false);
    } finally {
      await lectern.dispose();
    }
  });

  it('while the built-in assistant writes the notes of that class', async () => {
    const lectern = await LecternProcess.start();
    try {
      const client = new LecternClient(lectern.baseUrl, lectern.token);
      const sessionId = await loadedClass(client);
      const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
      const summarising = new Promise<void>((resolve) => events.onFrame((frame) => {
        if (frame.type === 'assistant.progress' && (frame.data as { stage?: string }).stage === 'summarising') resolve();
      }));
      const task = await client.post(`/api/v2/sessions/${sessionId}/assistant`, { kind: 'summary' });
      assert.equal(task.status, 202);
      await summarising;
      const elapsedMs = await timedStop(lectern);
      assert.ok(elapsedMs < shutdownBudgetMs, `exit took ${elapsedMs} ms`);
      assert.equal(existsSync(lectern.ready.connection_file), false);
      await events.close().catch(() => undefined);
    } finally {
      await lectern.dispose();
    }
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket as NodeWebSocket } from 'ws';
import { EventStream, type ConnectionState } from '../src/api/events.js';
import type { EventFrame } from '../src/api/client.js';
import { LecternClient } from '../../lectern/test/support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../../lectern/test/support/lectern-process.js';
import { freePort } from './support/free-port.js';

// Node 20 has no global WebSocket; ws implements the same onopen/onmessage/onclose interface.
(globalThis as { WebSocket?: unknown }).WebSocket ??= NodeWebSocket;

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the page\'s event stream against a real Lectern', () => {
  const dataDir = createTempDataDir();
  const token = 'event-stream-test-token-with-plenty-of-entropy-0123456789';
  let port: number;
  let lectern: LecternProcess;
  const start = () => LecternProcess.start({ dataDir, args: ['--port', String(port), '--token-stdin'], stdinText: `${token}\n` });

  before(async () => {
    port = await freePort();
    lectern = await start();
  });
  after(async () => {
    await lectern?.dispose();
    removeTempDataDir(dataDir);
  });

  it('authenticates, re-reads on every snapshot, follows frames, and comes back after a restart', async () => {
    const frames: EventFrame[] = [];
    const states: ConnectionState[] = [];
    let resyncs = 0;
    let unauthorized = 0;
    const stream = new EventStream({
      url: `ws://127.0.0.1:${port}/api/v2/events`,
      token,
      onFrame: (frame) => frames.push(frame),
      onState: (state) => states.push(state),
      onResync: () => { resyncs += 1; },
      onUnauthorized: () => { unauthorized += 1; },
    });
    stream.open();
    try {
      await until(() => states.at(-1) === 'connected', 'connected');
      assert.equal(resyncs, 1);
      assert.equal(frames[0]?.type, 'snapshot');

      const api = new LecternClient(lectern.baseUrl, token);
      const session = await api.post<{ id: string }>('/api/v2/sessions', { course_name: 'Stream' });
      await api.post(`/api/v2/sessions/${session.body.id}/entries`, { text: 'First.', source_id: 's-1' });
      await until(() => frames.some((f) => f.type === 'transcript'), 'a transcript frame');

      await lectern.stop();
      await until(() => states.includes('disconnected'), 'disconnected');
      lectern = await start();
      await until(() => resyncs >= 2 && states.at(-1) === 'connected', 'reconnected and re-read');
      assert.equal(unauthorized, 0);

      const next = await api.post<{ id: string }>('/api/v2/sessions', { course_name: 'After restart' });
      assert.equal(next.status, 201);
      await until(() => frames.some((f) => f.type === 'session' && (f.data as { course_name: string }).course_name === 'After restart'), 'a frame from the new process');
    } finally {
      stream.close();
    }
  });

  it('stops retrying and reports a refused token', async () => {
    let unauthorized = 0;
    const states: ConnectionState[] = [];
    const stream = new EventStream({
      url: `ws://127.0.0.1:${port}/api/v2/events`,
      token: 'not-the-token',
      onFrame: () => undefined,
      onState: (state) => states.push(state),
      onResync: () => undefined,
      onUnauthorized: () => { unauthorized += 1; },
    });
    stream.open();
    try {
      await until(() => unauthorized === 1, 'the refusal');
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(unauthorized, 1);
      assert.deepEqual(states, ['connecting'], 'no reconnection attempts after a refusal');
    } finally {
      stream.close();
    }
  });
});

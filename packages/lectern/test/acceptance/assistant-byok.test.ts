import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { Task } from '../../src/features/assistant/schemas.js';
import type { Note } from '../../src/features/notes/schemas.js';
import { EventsClient } from '../support/events-client.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir } from '../support/lectern-process.js';
import { FakeOpenAiServer, splitIntoDeltas, type ProviderReply } from '../support/openai-server.js';
import { ask, finished, startClass, stopClass } from './assistant-support.js';

const lines = [
  'Today we look at binary search trees.',
  'Every key in the left subtree is smaller than the root.',
  'The midterm is next Thursday and covers trees and heaps.',
];
const answer = 'Say: the left subtree holds the smaller keys. **Likely question**: what is the BST invariant? 你好 🌳';

/** A port with nothing listening: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('assistant with an OpenAI-compatible provider (byok, through the real CLI)', () => {
  let provider: FakeOpenAiServer;
  let lectern: LecternProcess;
  let client: LecternClient;
  let sessionId: string;

  before(async () => {
    provider = await FakeOpenAiServer.start();
    lectern = await LecternProcess.start();
    client = new LecternClient(lectern.baseUrl, lectern.token);
    const put = await client.request('PUT', '/api/v2/settings', {
      body: { llm: { mode: 'byok', base_url: provider.baseUrl, model: 'fake-model', timeout_seconds: 5 }, auto_summary: false },
    });
    assert.equal(put.status, 200, put.text);
    sessionId = (await startClass(client, 'Data Structures', lines)).id;
  });
  after(async () => {
    await lectern.dispose();
    await provider.close();
  });
  beforeEach(() => provider.respondWith({ kind: 'stream', deltas: splitIntoDeltas(answer, 7) }));

  it('streams the provider answer into the task; loopback without a key sends no Authorization', async () => {
    const before = provider.requests.length;
    const task = await finished(client, (await ask(client, sessionId, { kind: 'rescue' })).id);
    assert.equal(task.status, 'completed', task.error_message ?? '');
    assert.equal(task.markdown, answer);
    assert.equal(task.provider_calls, 1);
    const request = provider.requests[before];
    assert.ok(request);
    assert.equal(request.headers.authorization, undefined);
    const body = request.body as { model: string; stream: boolean; max_tokens: number; messages: { role: string; content: string }[] };
    assert.equal(body.model, 'fake-model');
    assert.equal(body.stream, true);
    assert.equal(body.max_tokens, 2048);
    const prompt = body.messages.map((m) => m.content).join('\n');
    assert.ok(prompt.includes('midterm is next Thursday'), 'the transcript reaches the model');
  });

  it('sends the stored llm credential as a bearer token and never returns it', async () => {
    const secret = 'sk-test-0123456789abcdef';
    assert.equal((await client.request('PUT', '/api/v2/credentials/llm', { body: { value: secret } })).status, 200);
    try {
      const before = provider.requests.length;
      const task = await finished(client, (await ask(client, sessionId, { kind: 'catchup' })).id);
      assert.equal(task.status, 'completed');
      assert.equal(provider.requests[before]?.headers.authorization, `Bearer ${secret}`);
      assert.ok(!JSON.stringify(task).includes(secret));
    } finally {
      await client.request('DELETE', '/api/v2/credentials/llm');
    }
  });

  const failures: [string, ProviderReply, string][] = [
    ['401', { kind: 'status', status: 401, body: '{"error":{"message":"bad key sk-live-123"}}' }, 'invalid_key'],
    ['403', { kind: 'status', status: 403 }, 'invalid_key'],
    ['429', { kind: 'status', status: 429 }, 'rate_limited'],
    ['404', { kind: 'status', status: 404 }, 'invalid_model'],
    ['500', { kind: 'status', status: 500 }, 'provider_unavailable'],
    ['redirect', { kind: 'status', status: 302, headers: { location: 'http://127.0.0.1:1/' } }, 'provider_unavailable'],
    ['garbage', { kind: 'raw', chunks: ['data: {not json}\n\n'] }, 'invalid_response'],
    ['cut by length', { kind: 'stream', deltas: ['partial'], finishReason: 'length' }, 'incomplete_response'],
    ['reasoning only', { kind: 'stream', deltas: [], reasoning: ['thinking...'] }, 'incomplete_response'],
    ['a connection dropped mid-answer', { kind: 'stream', deltas: ['a', 'b', 'c'], closeAfterDeltas: 1 }, 'connection_failed'],
  ];
  for (const [name, reply, code] of failures) {
    it(`records ${code} when the provider answers ${name}, with our own message`, async () => {
      provider.respondWith(reply);
      const task = await finished(client, (await ask(client, sessionId, { kind: 'rescue' })).id);
      assert.equal(task.status, 'failed');
      assert.equal(task.error_code, code);
      assert.ok(task.error_message && !task.error_message.includes('sk-live-123') && !/Error:|at \w+ \(/.test(task.error_message));
      const notes = await client.get<{ items: Note[] }>(`/api/v2/sessions/${sessionId}/summaries`);
      assert.deepEqual(notes.body.items, [], 'a failed task writes no note');
    });
  }

  it('fails with timeout when the provider hangs past timeout_seconds', async () => {
    provider.respondWith({ kind: 'hang' });
    const started = Date.now();
    const task = await finished(client, (await ask(client, sessionId, { kind: 'rescue' })).id);
    assert.equal(task.error_code, 'timeout');
    assert.ok(Date.now() - started >= 4500, 'the deadline is timeout_seconds (5 s)');
  });

  it('fails with connection_failed when nothing listens at the base URL', async () => {
    const port = await closedPort();
    await client.request('PUT', '/api/v2/settings', { body: { llm: { base_url: `http://127.0.0.1:${port}/v1` } } });
    try {
      const task = await finished(client, (await ask(client, sessionId, { kind: 'rescue' })).id);
      assert.equal(task.error_code, 'connection_failed');
    } finally {
      await client.request('PUT', '/api/v2/settings', { body: { llm: { base_url: provider.baseUrl } } });
    }
  });

  it('fails with missing_key before any request for a remote endpoint without a key', async () => {
    await client.request('PUT', '/api/v2/settings', { body: { llm: { base_url: 'https://llm.example.invalid/v1' } } });
    try {
      const before = provider.requests.length;
      const task = await finished(client, (await ask(client, sessionId, { kind: 'rescue' })).id);
      assert.equal(task.error_code, 'missing_key');
      assert.equal(provider.requests.length, before);
    } finally {
      await client.request('PUT', '/api/v2/settings', { body: { llm: { base_url: provider.baseUrl } } });
    }
  });

  it('cancels mid-stream: the provider connection is closed, the task is cancelled and writes no note', async () => {
    provider.respondWith({ kind: 'stream', deltas: splitIntoDeltas('a long answer '.repeat(40), 40), deltaDelayMs: 100 });
    const before = provider.requests.length;
    const task = await ask(client, sessionId, { kind: 'summary' });
    const [request] = (await provider.waitForRequests(before + 1)).slice(before);
    const cancelled = await client.request<Task>('DELETE', `/api/v2/assistant/${task.id}`);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.status, 'cancelled');
    assert.equal(await request?.outcome, 'client_closed');
    const again = await client.request<Task>('DELETE', `/api/v2/assistant/${task.id}`);
    assert.equal(again.body.status, 'cancelled', 'cancel is idempotent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await client.get<Task>(`/api/v2/assistant/${task.id}`)).body.status, 'cancelled');
    const notes = await client.get<{ items: Note[] }>(`/api/v2/sessions/${sessionId}/summaries`);
    assert.deepEqual(notes.body.items, []);
  });

  it('enforces one active task per (session, kind) and refuses the connection test while one runs', async () => {
    provider.respondWith({ kind: 'hang' });
    const first = await ask(client, sessionId, { kind: 'catchup' });
    const second = await client.post<{ error: string }>(`/api/v2/sessions/${sessionId}/assistant`, { kind: 'catchup' });
    assert.equal(second.status, 409);
    assert.equal(second.body.error, 'invalid_state');
    const test = await client.post<{ error: string }>('/api/v2/assistant/test');
    assert.equal(test.status, 409);
    await client.request('DELETE', `/api/v2/assistant/${first.id}`);
  });

  it('reports the connection test: ok with timings, or 503 carrying the provider code', async () => {
    const ok = await client.post<{ ok: boolean; provider: string; model: string; first_token_ms: number }>('/api/v2/assistant/test');
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual([ok.body.ok, ok.body.provider, ok.body.model], [true, 'byok', 'fake-model']);
    const before = provider.requests.length;
    provider.respondWith({ kind: 'status', status: 401 });
    const failed = await client.post<Record<string, unknown>>('/api/v2/assistant/test');
    assert.equal(failed.status, 503);
    assert.equal(failed.body.error, 'invalid_key');
    assert.equal(failed.body.error_code, 'invalid_key');
    assert.equal(failed.body.ok, false);
    assert.equal(failed.body.first_token_ms, null);
    assert.equal(typeof failed.body.total_ms, 'number');
    const probe = provider.requests[before]?.body as { max_tokens: number; messages: { content: string }[] };
    assert.equal(probe.max_tokens, 48);
    assert.ok(!JSON.stringify(probe.messages).includes('binary search'), 'no class data in the test prompt');
  });

  it('defers the auto-summary on stop when the limits block it, and says so with an event', async () => {
    await stopClass(client, sessionId);
    await client.request('PUT', '/api/v2/settings', { body: { auto_summary: true } });
    provider.respondWith({ kind: 'hang' });
    const session = await startClass(client, 'Busy class', lines);
    const running = await ask(client, session.id, { kind: 'summary' });
    const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
    try {
      const stopped = await stopClass(client, session.id);
      assert.equal(stopped.summary_task_id, null);
      const deferred = await events.nextOfType<{ session_id: string }>('summary_deferred');
      assert.equal(deferred.session_id, session.id);
    } finally {
      await events.close();
      await client.request('DELETE', `/api/v2/assistant/${running.id}`);
      await client.request('PUT', '/api/v2/settings', { body: { auto_summary: false } });
    }
  });
});

describe('a task running when Lectern dies', () => {
  it('is failed with error_code interrupted after a restart', async () => {
    const provider = await FakeOpenAiServer.start();
    provider.respondWith({ kind: 'hang' });
    const dataDir = createTempDataDir();
    try {
      const first = await LecternProcess.start({ dataDir });
      const client = new LecternClient(first.baseUrl, first.token);
      await client.request('PUT', '/api/v2/settings', { body: { llm: { mode: 'byok', base_url: provider.baseUrl, model: 'm' } } });
      const session = await startClass(client, 'Crash', lines);
      const task = await ask(client, session.id, { kind: 'rescue' });
      await provider.waitForRequests(1);
      await first.signal('SIGKILL');

      const second = await LecternProcess.start({ dataDir });
      try {
        const after = await new LecternClient(second.baseUrl, second.token).get<Task>(`/api/v2/assistant/${task.id}`);
        assert.equal(after.body.status, 'failed');
        assert.equal(after.body.error_code, 'interrupted');
        assert.ok(after.body.finished_at);
      } finally {
        await second.stop();
      }
    } finally {
      removeTempDataDir(dataDir);
      await provider.close();
    }
  });
});

describe('a byok summary of a class longer than one prompt', () => {
  it('summarises every part, then merges; only the merge is streamed to the student', async () => {
    const provider = await FakeOpenAiServer.start();
    const lectern = await LecternProcess.start();
    try {
      const client = new LecternClient(lectern.baseUrl, lectern.token);
      await client.request('PUT', '/api/v2/settings', {
        body: { llm: { mode: 'byok', base_url: provider.baseUrl, model: 'm', context_characters: 1000 }, auto_summary: false },
      });
      const longClass = Array.from({ length: 60 }, (_, i) => `Point number ${i} of the lecture is about topic-${i}, which matters for the exam.`);
      const session = await startClass(client, 'Long class', longClass);
      provider.respondWith({ kind: 'stream', deltas: ['Notes', ' for this part.'] });
      const task = await finished(client, (await ask(client, session.id, { kind: 'summary' })).id);
      assert.equal(task.status, 'completed', task.error_message ?? '');
      assert.ok(task.provider_calls >= 3, `several parts plus a merge, got ${task.provider_calls} calls`);
      assert.equal(provider.requests.length, task.provider_calls);
      assert.equal(task.markdown, 'Notes for this part.', 'the answer is the merge call alone');
      const prompts = provider.requests.map((r) => JSON.stringify(r.body));
      for (let i = 0; i < longClass.length; i++) {
        assert.ok(prompts.slice(0, -1).some((p) => p.includes(`topic-${i},`)), `entry ${i} reaches a part prompt`);
      }
      for (const body of provider.requests.map((r) => r.body as { messages: { content: string }[] })) {
        assert.ok(body.messages.reduce((n, m) => n + m.content.length, 0) <= 1000, 'every prompt fits context_characters');
      }
      assert.ok(prompts.at(-1)?.includes('Notes for this part.'), `the merge sees the part notes: ${prompts.at(-1)}`);
    } finally {
      await lectern.dispose();
      await provider.close();
    }
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ProviderError, streamChat, type ChatRequest } from '../../../src/answer-engine/providers/openai-compatible.js';
import { FakeOpenAiServer } from '../../support/openai-server.js';

/** Short enough to keep the suite fast, long enough to be well above timer jitter. */
const SHORT_DEADLINE_MS = 300;
/**
 * "Promptly": a cancelled or timed-out call ends within this much of its trigger. Generous for a
 * loaded machine, yet far below the waits the tests would otherwise hit (seconds, or forever).
 */
const PROMPT_MS = 500;

function chatRequest(baseUrl: string, overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    baseUrl,
    apiKey: 'sk-test-key',
    model: 'gpt-test',
    messages: [{ role: 'user', content: 'Summarise the class.' }],
    maxTokens: 2048,
    timeoutMs: 5_000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe('streamChat under deadlines and cancellation', () => {
  let server: FakeOpenAiServer;
  before(async () => {
    server = await FakeOpenAiServer.start();
  });
  after(() => server.close());

  it('times out a provider that never answers, at the deadline, and closes the connection', async () => {
    server.respondOnceWith({ kind: 'hang' });
    const startedAt = performance.now();
    const deltas: string[] = [];
    const error = await (async () => {
      try {
        for await (const delta of streamChat(chatRequest(server.baseUrl, { timeoutMs: SHORT_DEADLINE_MS }))) deltas.push(delta);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    const elapsedMs = performance.now() - startedAt;
    assert.ok(error instanceof ProviderError);
    assert.equal(error.code, 'timeout');
    assert.deepEqual(deltas, []);
    assert.ok(elapsedMs >= SHORT_DEADLINE_MS - 5 && elapsedMs < SHORT_DEADLINE_MS + PROMPT_MS, `ended after ${elapsedMs} ms`);
    assert.equal(await server.requests.at(-1)?.outcome, 'client_closed');
  });

  it('applies one deadline to the whole answer, not to the gap between deltas', async () => {
    server.respondOnceWith({ kind: 'stream', deltas: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], deltaDelayMs: 100 });
    const deltas: string[] = [];
    await assert.rejects(
      async () => {
        for await (const delta of streamChat(chatRequest(server.baseUrl, { timeoutMs: SHORT_DEADLINE_MS }))) deltas.push(delta);
      },
      (error) => error instanceof ProviderError && error.code === 'timeout',
    );
    assert.ok(deltas.length >= 1 && deltas.length < 8, `got ${deltas.length} deltas`);
  });

  it('stops promptly when cancelled while waiting for the next delta, throwing the signal reason', async () => {
    server.respondOnceWith({ kind: 'stream', deltas: ['First', ' second'], deltaDelayMs: 2_000 });
    const controller = new AbortController();
    const reason = new Error('cancelled by the teacher');
    let abortedAt = 0;
    const deltas: string[] = [];
    const stream = streamChat(chatRequest(server.baseUrl, { signal: controller.signal }));
    await assert.rejects(async () => {
      for await (const delta of stream) {
        deltas.push(delta);
        setTimeout(() => {
          abortedAt = performance.now();
          controller.abort(reason);
        }, 20);
      }
    }, (error) => error === reason);
    assert.ok(performance.now() - abortedAt < PROMPT_MS);
    assert.deepEqual(deltas, ['First']);
    assert.equal(await server.requests.at(-1)?.outcome, 'client_closed');
  });

  it('yields nothing more once cancelled while the caller holds a delta', async () => {
    server.respondOnceWith({ kind: 'stream', deltas: ['One', ' two', ' three'] });
    const controller = new AbortController();
    const deltas: string[] = [];
    await assert.rejects(async () => {
      for await (const delta of streamChat(chatRequest(server.baseUrl, { signal: controller.signal }))) {
        deltas.push(delta);
        controller.abort();
      }
    }, (error) => error === controller.signal.reason);
    assert.deepEqual(deltas, ['One']);
  });

  it('stops promptly when cancelled before the provider answers', async () => {
    server.respondOnceWith({ kind: 'hang' });
    const controller = new AbortController();
    const reason = new Error('user left the page');
    const arrived = server.waitForRequests(server.requests.length + 1);
    const reading = (async () => {
      for await (const _ of streamChat(chatRequest(server.baseUrl, { signal: controller.signal }))) assert.fail('nothing should be yielded');
    })();
    const [received] = (await arrived).slice(-1);
    const abortedAt = performance.now();
    controller.abort(reason);
    await assert.rejects(reading, (error) => error === reason);
    assert.ok(performance.now() - abortedAt < PROMPT_MS);
    assert.equal(await received.outcome, 'client_closed');
  });

  it('sends nothing when already cancelled', async () => {
    const controller = new AbortController();
    const reason = new Error('already cancelled');
    controller.abort(reason);
    const before = server.requests.length;
    await assert.rejects(async () => {
      for await (const _ of streamChat(chatRequest(server.baseUrl, { signal: controller.signal }))) assert.fail('nothing should be yielded');
    }, (error) => error === reason);
    assert.equal(server.requests.length, before);
  });

  it('closes the connection when the caller stops reading early', async () => {
    server.respondOnceWith({ kind: 'stream', deltas: ['Enough', ' more', ' and more'], deltaDelayMs: 1_000 });
    for await (const delta of streamChat(chatRequest(server.baseUrl))) {
      assert.equal(delta, 'Enough');
      break;
    }
    assert.equal(await server.requests.at(-1)?.outcome, 'client_closed');
  });

  it('ignores proxy settings in the environment', async () => {
    const proxy = await FakeOpenAiServer.start();
    const proxyVariables = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy'];
    const saved = proxyVariables.map((name) => [name, process.env[name]] as const);
    const savedNoProxy = [process.env.NO_PROXY, process.env.no_proxy];
    try {
      for (const name of proxyVariables) process.env[name] = proxy.baseUrl.replace('/v1', '');
      delete process.env.NO_PROXY;
      delete process.env.no_proxy;
      const before = server.requests.length;
      const deltas: string[] = [];
      for await (const delta of streamChat(chatRequest(server.baseUrl))) deltas.push(delta);
      assert.ok(deltas.length > 0);
      assert.equal(server.requests.length, before + 1);
      assert.equal(proxy.requests.length, 0);
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      if (savedNoProxy[0] !== undefined) process.env.NO_PROXY = savedNoProxy[0];
      if (savedNoProxy[1] !== undefined) process.env.no_proxy = savedNoProxy[1];
      await proxy.close();
    }
  });
});

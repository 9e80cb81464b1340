import assert from 'node:assert/strict';
import { readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { Agent, joinRunArguments } from '../../../src/runtime/agents/agent.js';
import { traceLevel } from '../../../src/runtime/infra/trace.js';
import { useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer } from '../../support/fake-model-server.js';
import { createModelProject, TEST_API_KEY } from '../../support/model-project.js';
import type { ModelProject } from '../../support/model-project.js';

/** Short enough that retry tests stay fast, long enough to be a real wait. */
const TEST_RETRY_DELAY_SECONDS = 0.01;

let server: FakeModelServer;
let project: ModelProject;

useFakeModelServer((started) => (server = started), () => project);

function messagesOf(index: number): { role: string; content: unknown }[] {
  return server.requests[index].body.messages as { role: string; content: unknown }[];
}

async function rejection(promise: Promise<unknown>): Promise<LoomError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof LoomError, `expected a LoomError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('an agent call', () => {
  it('sends role, prompt, input and settings to the model and returns its answer', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'Hello, Ada!' });
    const agent = project.agent({ role: 'Greeter', prompt: 'Greet warmly.', max_tokens: 50, temperature: 0.2 });

    assert.equal(await agent.run('I am Ada'), 'Hello, Ada!');

    const [request] = server.requests;
    assert.equal(request.body.model, 'test-model');
    assert.equal(request.body.max_tokens, 50);
    assert.equal(request.body.temperature, 0.2);
    assert.equal(request.headers.authorization, `Bearer ${TEST_API_KEY}`);
    assert.deepEqual(messagesOf(0), [
      { role: 'system', content: 'Your role: Greeter\n\nGreet warmly.' },
      { role: 'user', content: 'I am Ada' },
    ]);
  });

  it('sends data inputs as JSON and joins several run arguments with spaces', async () => {
    project = createModelProject(server);
    await project.agent({ prompt: 'p' }).run({ score: 3 });
    assert.equal(messagesOf(0)[1].content, '{"score":3}');
    assert.equal(joinRunArguments(['The key is', 42, { a: 1 }]), 'The key is 42 {"a":1}');
  });

  it('retries a 500 and a 429 with backoff, then answers', async () => {
    project = createModelProject(server);
    server.enqueue({ status: 500 }, { status: 429 }, { text: 'third time' });
    const agent = project.agent({ prompt: 'p', retry: 2, retry_delay: TEST_RETRY_DELAY_SECONDS });
    assert.equal(await agent.run('x'), 'third time');
    assert.equal(server.requests.length, 3);
  });

  it('waits at least as long as a 429 asks with Retry-After', async () => {
    project = createModelProject(server);
    server.enqueue({ status: 429, retryAfterSeconds: 0.3 }, { text: 'after the pause' });
    const started = performance.now();
    assert.equal(await project.agent({ prompt: 'p', retry: 1, retry_delay: TEST_RETRY_DELAY_SECONDS }).run('x'), 'after the pause');
    assert.ok(performance.now() - started >= 300);
  });

  it('never retries a 4xx other than 429 and reports E101 with the status', async () => {
    project = createModelProject(server);
    server.enqueue({ status: 400 });
    const error = await rejection(project.agent({ prompt: 'p', retry: 3, retry_delay: TEST_RETRY_DELAY_SECONDS }).run('x'));
    assert.equal(error.code, 'E101');
    assert.match(error.message, /agent 'Tester' failed: openai\/test-model: .*HTTP 400/);
    assert.equal(server.requests.length, 1);
  });

  it('gives up after retry + 1 attempts', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ status: 503 }));
    const error = await rejection(project.agent({ prompt: 'p', retry: 1, retry_delay: TEST_RETRY_DELAY_SECONDS }).run('x'));
    assert.equal(error.code, 'E101');
    assert.match(error.message, /after 2 attempts/);
    assert.equal(server.requests.length, 2);
  });

  it('moves on to the fallback models in order', async () => {
    project = createModelProject(server);
    server.respondWith((request) => (request.body.model === 'backup-2' ? { text: 'from backup 2' } : { status: 401 }));
    const agent = project.agent({ prompt: 'p', fallback: ['local/backup-1', 'anthropic/backup-2'] });
    assert.equal(await agent.run('x'), 'from backup 2');
    assert.deepEqual(server.requests.map((request) => `${request.format}:${String(request.body.model)}`), [
      'openai:test-model',
      'openai:backup-1',
      'anthropic:backup-2',
    ]);
  });

  it('lists every model that failed when all do', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ status: 404 }));
    const error = await rejection(project.agent({ prompt: 'p', fallback: 'local/other' }).run('x'));
    assert.match(error.message, /openai\/test-model: .*404.*; local\/other: .*404/);
  });

  it('times out a slow attempt, retries it, and reports the timeout', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ text: 'late', delayMs: 2_000 }));
    const started = performance.now();
    const error = await rejection(project.agent({ prompt: 'p', timeout: 0.05, retry: 1, retry_delay: TEST_RETRY_DELAY_SECONDS }).run('x'));
    assert.equal(error.code, 'E101');
    assert.match(error.message, /no answer within the timeout of 0.05 s/);
    assert.equal(server.requests.length, 2);
    assert.ok(performance.now() - started < 1_000);
  });

  it('stops at once when the caller aborts, even while waiting to retry', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ status: 503 }));
    const controller = new AbortController();
    const reason = new Error('branch cancelled');
    const call = project.agent({ prompt: 'p', retry: 5, retry_delay: 10 }).run('x', { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    const started = performance.now();
    await assert.rejects(call, (error) => error === reason);
    assert.ok(performance.now() - started < 1_000);
    assert.equal(server.requests.length, 1);
  });

  it('reports a missing API key as E101 naming the entry, without sending anything', async () => {
    project = createModelProject(server, { secrets: `OPENAI_BASE_URL = "${server.url}/v1"\n` });
    const error = await rejection(project.agent({ name: 'Writer', prompt: 'p' }).run('x'));
    assert.equal(error.code, 'E101');
    assert.equal(error.message, "agent 'Writer' has no API key: set OPENAI_API_KEY in secrets.nxs or the environment");
    assert.equal(server.requests.length, 0);
  });

  it('reports an unknown provider without a base URL as E101 naming <PROVIDER>_BASE_URL', async () => {
    project = createModelProject(server);
    const error = await rejection(project.agent({ model: 'minimax/m2', prompt: 'p' }).run('x'));
    assert.match(error.message, /set MINIMAX_BASE_URL in secrets.nxs/);
  });

  it('uses LOOM_DEFAULT_MODEL for an agent without a model, and names it when unset', async () => {
    project = createModelProject(server, { env: { LOOM_DEFAULT_MODEL: 'local/house-model' } });
    await project.agent({ model: '', prompt: 'p' }).run('x');
    assert.equal(server.requests[0].body.model, 'house-model');

    const unset = createModelProject(server);
    const error = await rejection(unset.agent({ name: 'Bare', model: '', prompt: 'p' }).run('x'));
    unset.remove();
    assert.equal(error.message, 'agent \'Bare\' names no model: add model: "provider/model" or set LOOM_DEFAULT_MODEL in secrets.nxs or the environment');
  });

  it('takes keys from the environment when secrets.nxs lacks them', async () => {
    project = createModelProject(server, { secrets: '', env: { LOCAL_API_KEY: 'env-key', LOCAL_BASE_URL: `${server.url}/v1` } });
    assert.equal(await project.agent({ model: 'local/m', prompt: 'p' }).run('x'), 'ok');
    assert.equal(server.requests[0].headers.authorization, 'Bearer env-key');
  });
});

describe('streaming', () => {
  for (const model of ['openai/s', 'anthropic/s', 'ollama/s']) {
    it(`joins the streamed pieces from ${model.split('/')[0]} and hands each to onDelta`, async () => {
      project = createModelProject(server);
      server.enqueue({ text: 'Once upon a time' });
      const pieces: string[] = [];
      const answer = await project.agent({ model, prompt: 'p', stream: true }).run('story', { onDelta: (text) => pieces.push(text) });
      assert.equal(answer, 'Once upon a time');
      assert.ok(pieces.length > 1);
      assert.equal(pieces.join(''), 'Once upon a time');
      assert.equal(server.requests[0].body.stream, true);
    });
  }
});

describe('a streamed answer cut off by the timeout', () => {
  it('is not retried once text was handed on, so no piece is delivered twice', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ text: 'Once upon a time', stallAfterFirstPieceMs: 2_000 }));
    const pieces: string[] = [];
    const call = project.agent({ prompt: 'p', stream: true, timeout: 0.1, retry: 2, retry_delay: TEST_RETRY_DELAY_SECONDS }).run('story', { onDelta: (text) => pieces.push(text) });
    await assert.rejects(call, /no answer within the timeout of 0.1 s \(after part of the answer was streamed\)/);
    assert.deepEqual(pieces, ['Once upo']);
    assert.equal(server.requests.length, 1);
  });
});

describe('memory', () => {
  it('keeps no history without a memory setting', async () => {
    project = createModelProject(server);
    const agent = project.agent({ prompt: 'p' });
    await agent.run('My name is Ada');
    await agent.run('What is my name?');
    assert.deepEqual(messagesOf(1).map((message) => message.content), ['p', 'What is my name?']);
  });

  it('remembers turns within the run with memory "session", bounded by max_history_turns', async () => {
    project = createModelProject(server);
    server.respondWith((request) => ({ text: `answer ${server.requests.indexOf(request) + 1}` }));
    const agent = project.agent({ prompt: 'p', memory: 'session', max_history_turns: 1 });
    await agent.run('first');
    await agent.run('second');
    await agent.run('third');
    assert.deepEqual(messagesOf(2).map((message) => message.content), ['p', 'second', 'answer 2', 'third']);
  });

  it('continues a persistent memory in the next run', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'Nice to meet you, Ada' });
    await project.agent({ name: 'Chat', prompt: 'p', memory: 'persistent' }).run('My name is Ada');
    const nextRun = new Agent({ name: 'Chat', model: 'openai/test-model', prompt: 'p', memory: 'persistent' }, project.reopen());
    await nextRun.run('What is my name?');
    assert.deepEqual(messagesOf(1).map((message) => message.content), ['p', 'My name is Ada', 'Nice to meet you, Ada', 'What is my name?']);
  });
});

describe('the response cache', () => {
  it('answers an identical request from disk, in a later run too, and counts hits and misses', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'cached answer' });
    assert.equal(await project.agent({ prompt: 'p', cache: true }).run('q'), 'cached answer');
    const nextRun = new Agent({ name: 'Tester', model: 'openai/test-model', prompt: 'p', cache: true }, project.reopen());
    assert.equal(await nextRun.run('q'), 'cached answer');
    assert.equal(server.requests.length, 1);
    const stats = project.reopen().cache.stats();
    assert.equal(stats.entries, 1);
    assert.equal(stats.hits, 1);
    assert.equal(stats.misses, 1);
    assert.ok(stats.bytes > 0);
  });

  it('misses when anything in the request differs', async () => {
    project = createModelProject(server);
    await project.agent({ prompt: 'p', cache: true }).run('q');
    await project.agent({ prompt: 'p', cache: true, temperature: 1 }).run('q');
    await project.agent({ prompt: 'other', cache: true }).run('q');
    assert.equal(server.requests.length, 3);
  });

  it('with cache_ttl (the cache on without cache: true), reuses a reply younger than the TTL and asks again after it', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'first answer' }, { text: 'second answer' });
    const ask = (): Promise<unknown> => project.agent({ prompt: 'p', cache_ttl: 3600 }).run('q');
    assert.equal(await ask(), 'first answer');
    assert.equal(await ask(), 'first answer');
    assert.equal(server.requests.length, 1);
    const entries = join(project.runtime.cache.directory, 'entries');
    const [entry] = readdirSync(entries);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(join(entries, entry!), twoHoursAgo, twoHoursAgo);
    assert.equal(await ask(), 'second answer');
    assert.equal(server.requests.length, 2);
  });

  it('is not used without cache: true', async () => {
    project = createModelProject(server);
    await project.agent({ prompt: 'p' }).run('q');
    await project.agent({ prompt: 'p' }).run('q');
    assert.equal(server.requests.length, 2);
    assert.equal(project.runtime.cache.stats().entries, 0);
  });
});

describe('the debug trace', () => {
  it('writes one line per attempt with agent, model, attempt, time, tokens and cache state, prompts only when full', async () => {
    project = createModelProject(server, { debug: true });
    server.enqueue({ status: 500 }, { text: 'fine', inputTokens: 11, outputTokens: 4 });
    await project.agent({ name: 'Writer', prompt: 'secret plan', retry: 1, retry_delay: TEST_RETRY_DELAY_SECONDS }).run('draft');
    assert.equal(project.stderr.length, 2);
    assert.match(project.stderr[0], /^\[loom\] agent=Writer model=openai\/test-model attempt=1 ms=\d+\.\d tokens=0\+0 cache=miss error=".*HTTP 500/);
    assert.match(project.stderr[1], /attempt=2 ms=\d+\.\d tokens=11\+4 cache=miss ok\n$/);
    assert.ok(!project.stderr.join('').includes('secret plan'));

    const full = createModelProject(server, { debug: 'full' });
    await full.agent({ prompt: 'secret plan' }).run('draft');
    assert.ok(full.stderr.some((line) => line.includes('system: "secret plan"')));
    full.remove();
  });

  it('follows LOOM_DEBUG when no flag is given', async () => {
    project = createModelProject(server, { env: { LOOM_DEBUG: '1' } });
    await project.agent({ prompt: 'p' }).run('x');
    assert.equal(project.stderr.length, 1);
  });

  it('reads the flag and LOOM_DEBUG into a level', () => {
    assert.equal(traceLevel(undefined, {}), 'off');
    assert.equal(traceLevel(undefined, { LOOM_DEBUG: '0' }), 'off');
    assert.equal(traceLevel(false, { LOOM_DEBUG: 'full' }), 'off');
    assert.equal(traceLevel(true, {}), 'calls');
    assert.equal(traceLevel(true, { LOOM_DEBUG: 'full' }), 'full');
    assert.equal(traceLevel('full', {}), 'full');
  });
});

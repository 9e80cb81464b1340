import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { createSemanticJudge } from '../../../src/runtime/agents/semantic.js';
import { useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer } from '../../support/fake-model-server.js';
import { createModelProject, secretsFor } from '../../support/model-project.js';
import type { ModelProject } from '../../support/model-project.js';

let server: FakeModelServer;
let project: ModelProject;

useFakeModelServer((started) => (server = started), () => project);

function lastUserMessage(index: number): string {
  const messages = server.requests[index].body.messages as { role: string; content: string }[];
  return messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
}

describe('semantic conditions', () => {
  it('are judged by LOOM_WEAK_MODEL from secrets.nxs, with the condition and the input', async () => {
    project = createModelProject(server, { secrets: `${secretsFor(server)}LOOM_WEAK_MODEL = "local/tiny"\n` });
    server.enqueue({ text: 'Yes.' });
    const judge = createSemanticJudge(project.runtime, { defaultModel: 'openai/big' });
    assert.equal(await judge.holds('the user is frustrated', 'This is the third time it broke!'), true);
    assert.equal(server.requests[0].body.model, 'tiny');
    assert.equal(server.requests[0].body.temperature, 0);
    assert.equal(lastUserMessage(0), 'Condition: the user is frustrated\n\nInput:\nThis is the third time it broke!');
  });

  it('fall back to the program default model when no weak model is configured', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'no' });
    assert.equal(await createSemanticJudge(project.runtime, { defaultModel: 'openai/big' }).holds('c', 'i'), false);
    assert.equal(server.requests[0].body.model, 'big');
  });

  it('fail closed: an unclear answer or an unreachable model is "no"', async () => {
    project = createModelProject(server);
    const judge = createSemanticJudge(project.runtime, { defaultModel: 'openai/big' });
    server.enqueue({ text: 'Perhaps, it depends.' });
    assert.equal(await judge.holds('c', 'unclear'), false);
    server.enqueue({ status: 401 });
    assert.equal(await judge.holds('c', 'unreachable'), false);
  });

  it('are cached per model, condition and input', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ text: 'yes' }));
    const judge = createSemanticJudge(project.runtime, { defaultModel: 'openai/big' });
    await judge.holds('quality is excellent', 'draft 1');
    await judge.holds('quality is excellent', 'draft 1');
    await createSemanticJudge(project.reopen(), { defaultModel: 'openai/big' }).holds('quality is excellent', 'draft 1');
    assert.equal(server.requests.length, 1);
    await judge.holds('quality is excellent', 'draft 2');
    await judge.holds('it rhymes', 'draft 1');
    await createSemanticJudge(project.runtime, { defaultModel: 'openai/other' }).holds('quality is excellent', 'draft 1');
    assert.equal(server.requests.length, 4);
  });

  it('need some model: without one they are an E101 naming LOOM_WEAK_MODEL', async () => {
    project = createModelProject(server);
    await assert.rejects(createSemanticJudge(project.runtime).holds('c', 'i'), (error: unknown) => {
      assert.ok(error instanceof LoomError);
      assert.equal(error.code, 'E101');
      assert.match(error.message, /set LOOM_WEAK_MODEL/);
      return true;
    });
  });

  it('report a weak model without its key as E101 instead of failing closed', async () => {
    project = createModelProject(server, { secrets: 'LOOM_WEAK_MODEL = "deepseek/deepseek-chat"\n' });
    await assert.rejects(createSemanticJudge(project.runtime).holds('c', 'i'), /has no API key: set DEEPSEEK_API_KEY/);
    assert.equal(server.requests.length, 0);
  });
});

describe('intent classification', () => {
  const intents = ['Check the weather', 'Read the news'];

  it('returns the index of the intent the model picks', async () => {
    project = createModelProject(server);
    server.enqueue({ text: '2' });
    const judge = createSemanticJudge(project.runtime, { defaultModel: 'openai/big' });
    assert.equal(await judge.classify('What happened today?', intents), 1);
    assert.match(lastUserMessage(0), /^Intents:\n1\. Check the weather\n2\. Read the news\n\nInput:\nWhat happened today\?$/);
  });

  it('matches no intent for 0, a number out of range or a failure', async () => {
    project = createModelProject(server);
    const judge = createSemanticJudge(project.runtime, { defaultModel: 'openai/big' });
    server.enqueue({ text: '0' });
    assert.equal(await judge.classify('hello', intents), null);
    server.enqueue({ text: '7' });
    assert.equal(await judge.classify('hi there', intents), null);
    server.enqueue({ status: 400 });
    assert.equal(await judge.classify('hey', intents), null);
  });
});

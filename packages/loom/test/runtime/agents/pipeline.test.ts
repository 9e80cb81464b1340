import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { consensus, fanOut, fireAndForget, merge, pipeline } from '../../../src/runtime/agents/pipeline.js';
import { useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer, RecordedRequest } from '../../support/fake-model-server.js';
import { createModelProject } from '../../support/model-project.js';
import type { ModelProject } from '../../support/model-project.js';

const SLOW_REPLY_MS = 5_000;
/** Long enough that three calls in a row (900 ms) cannot pass for three overlapping ones. */
const BRANCH_REPLY_MS = 300;

let server: FakeModelServer;
let project: ModelProject;

useFakeModelServer((started) => (server = started), () => project);

function systemAndUser(request: RecordedRequest): [string, string] {
  const messages = request.body.messages as { content: string }[];
  return [messages[0].content, messages[messages.length - 1].content];
}

/** Each agent answers with its prompt and the input it got, so the data flow is visible. */
function echoPromptAndInput(request: RecordedRequest): { text: string } {
  const [prompt, input] = systemAndUser(request);
  return { text: `${prompt}(${input})` };
}

describe('agent pipelines', () => {
  it('>> hands each answer to the next stage', async () => {
    project = createModelProject(server);
    server.respondWith(echoPromptAndInput);
    const result = await pipeline('topic', [project.agent({ prompt: 'A' }), project.agent({ prompt: 'B' })]);
    assert.equal(result, 'B(A(topic))');
  });

  it('>> reports the failing stage as E103 with its own error as cause', async () => {
    project = createModelProject(server);
    server.respondWith((request) => (systemAndUser(request)[0] === 'B' ? { status: 400 } : { text: 'fine' }));
    await assert.rejects(pipeline('x', [project.agent({ prompt: 'A' }), project.agent({ name: 'Editor', prompt: 'B' })]), (error: unknown) => {
      assert.ok(error instanceof LoomError);
      assert.equal(error.code, 'E103');
      assert.match(error.message, /^pipeline stage 2 'Editor' failed: agent 'Editor' failed: .*HTTP 400/);
      assert.equal((error.cause as LoomError).code, 'E101');
      return true;
    });
  });

  it('|>> runs the branches at the same time and keeps their order', async () => {
    project = createModelProject(server);
    server.respondWith((request) => ({ ...echoPromptAndInput(request), delayMs: BRANCH_REPLY_MS }));
    const started = performance.now();
    const results = await fanOut('q', [project.agent({ prompt: 'A' }), project.agent({ prompt: 'B' }), project.agent({ prompt: 'C' })]);
    assert.deepEqual(results, ['A(q)', 'B(q)', 'C(q)']);
    assert.ok(performance.now() - started < 3 * BRANCH_REPLY_MS, 'the three calls should overlap');
  });

  it('|>> cancels the other branches when one fails', async () => {
    project = createModelProject(server);
    server.respondWith((request) => (systemAndUser(request)[0] === 'bad' ? { status: 400 } : { text: 'slow', delayMs: SLOW_REPLY_MS }));
    const started = performance.now();
    await assert.rejects(fanOut('q', [project.agent({ prompt: 'slow' }), project.agent({ name: 'Bad', prompt: 'bad' })]), /pipeline branch 'Bad' failed/);
    assert.ok(performance.now() - started < SLOW_REPLY_MS / 2);
  });

  it('|>> fails with E103 as soon as one branch runs out of its own timeout', async () => {
    project = createModelProject(server);
    server.respondWith((request) => ({ text: 'late', delayMs: systemAndUser(request)[0] === 'quick' ? 0 : SLOW_REPLY_MS }));
    const started = performance.now();
    const branches = [project.agent({ prompt: 'quick' }), project.agent({ name: 'Slow', prompt: 'slow', timeout: 0.05, retry: 0 })];
    await assert.rejects(fanOut('q', branches), (error: unknown) => {
      assert.ok(error instanceof LoomError);
      assert.equal(error.code, 'E103');
      assert.match(error.message, /pipeline branch 'Slow' failed: .*no answer within the timeout of 0.05 s/);
      return true;
    });
    assert.ok(performance.now() - started < SLOW_REPLY_MS / 2);
  });

  it('&>> gives the merging agent all results separated by --- lines', async () => {
    project = createModelProject(server);
    server.respondWith(echoPromptAndInput);
    const results = await fanOut('t', [project.agent({ prompt: 'A' }), project.agent({ prompt: 'B' })]);
    assert.equal(await merge(results, project.agent({ prompt: 'S' })), 'S(A(t)\n---\nB(t))');
  });

  it('&& reports the majority answer, ignoring case and a final period', async () => {
    project = createModelProject(server);
    const votes: Record<string, string> = { R: 'Approve.', C: 'approve', K: 'Reject' };
    server.respondWith((request) => ({ text: votes[systemAndUser(request)[0]] }));
    const decision = await consensus('loan?', ['R', 'C', 'K'].map((prompt) => project.agent({ prompt })));
    assert.deepEqual(decision, { answers: ['Approve.', 'approve', 'Reject'], agreed: true, answer: 'Approve.' });
    votes.C = 'Defer';
    const split = await consensus('loan?', ['R', 'C', 'K'].map((prompt) => project.agent({ prompt, name: `V${prompt}` })));
    assert.equal(split.agreed, false);
    assert.equal(split.answer, null);
  });

  it('|| returns at once and reports a branch failure instead of throwing it', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ status: 400, delayMs: 20 }));
    const reported = new Promise<string>((resolve) => {
      fireAndForget('note', [project.agent({ name: 'Mailer', prompt: 'm' })], (agent, error) => resolve(`${agent}: ${(error as Error).message}`));
    });
    assert.equal(server.requests.length, 0, 'nothing awaited the call before returning');
    assert.match(await reported, /^Mailer: agent 'Mailer' failed/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { bindTool, callTool, declaredParametersSchema } from '../../../src/runtime/agents/tools.js';
import type { ToolBinding } from '../../../src/runtime/agents/tools.js';
import { useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer, RecordedRequest } from '../../support/fake-model-server.js';
import { createModelProject } from '../../support/model-project.js';
import type { ModelProject } from '../../support/model-project.js';

const SHORT_TOOL_TIMEOUT_SECONDS = 0.05;
const SLOW_TOOL_MS = 2_000;

let server: FakeModelServer;
let project: ModelProject;

useFakeModelServer((started) => (server = started), () => project);

function adder(calls: Record<string, unknown>[]): ToolBinding {
  return bindTool({ name: 'add', description: 'Add two integers', parameters: { a: { type: { name: 'int' } }, b: { type: { name: 'int' } } } }, (args) => {
    calls.push({ ...args });
    return Number(args.a) + Number(args.b);
  });
}

async function loomError(promise: Promise<unknown>): Promise<LoomError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof LoomError);
    return error;
  }
  assert.fail('expected a LoomError');
}

/** The tool result the second request carries back to the model, in each wire format. */
function toolResultIn(request: RecordedRequest): string {
  const messages = request.body.messages as Record<string, unknown>[];
  if (request.format === 'anthropic') {
    const blocks = messages.at(-1)?.content as { type: string; content: string }[];
    return blocks.find((block) => block.type === 'tool_result')?.content ?? '';
  }
  return String(messages.at(-1)?.content);
}

describe('tool declarations', () => {
  it('give each parameter the schema of its type, with its description', () => {
    const parameters = {
      query: { type: { name: 'str' }, description: 'Search keyword' },
      limit: { type: { name: 'int' } },
      tags: { type: { name: 'list', args: [{ name: 'string' }] } },
    };
    assert.deepEqual(declaredParametersSchema(parameters), {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Search keyword' },
        limit: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['query', 'limit', 'tags'],
    });
  });

  it('called directly, a failing tool throws a catchable E102', async () => {
    const broken = bindTool({ name: 'fetch_page' }, () => {
      throw new Error('connection refused');
    });
    const error = await loomError(callTool(broken, {}, 1_000));
    assert.equal(error.code, 'E102');
    assert.equal(error.message, "tool 'fetch_page' failed: connection refused");
  });

  it('called directly, a tool past its timeout is an E102 and its signal fires', async () => {
    let signalled = false;
    const slow = bindTool({ name: 'slow' }, (_args, signal) => new Promise((resolve) => {
      signal.addEventListener('abort', () => {
        signalled = true;
      });
      setTimeout(resolve, SLOW_TOOL_MS).unref();
    }));
    const error = await loomError(callTool(slow, {}, SHORT_TOOL_TIMEOUT_SECONDS * 1000));
    assert.match(error.message, /tool 'slow' did not finish within its tool_timeout of 0.05 s/);
    assert.ok(signalled);
  });

  it('rejects arguments of the wrong type before running the tool', async () => {
    const calls: Record<string, unknown>[] = [];
    const error = await loomError(callTool(adder(calls), { a: 1, b: 'two' }, 1_000));
    assert.equal(error.message, "tool 'add': 'b' must be an integer, got a string");
    assert.equal(calls.length, 0);
  });
});

describe('an agent with tools', () => {
  for (const [model, stream] of ['openai/m', 'anthropic/m', 'ollama/m'].flatMap((name) => [[name, false], [name, true]] as const)) {
    it(`runs the tool calls ${model.split('/')[0]} asks for${stream ? ' in a stream' : ''} and answers with their results`, async () => {
      project = createModelProject(server);
      server.enqueue({ toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }, { text: 'The sum is 5.' });
      const calls: Record<string, unknown>[] = [];
      const answer = await project.agent({ model, prompt: 'Use tools.', tools: [adder(calls)], stream }).run('2 + 3?');
      assert.equal(answer, 'The sum is 5.');
      assert.deepEqual(calls, [{ a: 2, b: 3 }]);
      assert.equal(toolResultIn(server.requests[1]), '5');
      const offered = JSON.stringify(server.requests[0].body.tools);
      assert.match(offered, /"add"/);
      assert.match(offered, /"a":\{"type":"integer"\}/);
    });
  }

  it('shows the model a failing tool as a structured E102 error and lets it answer', async () => {
    project = createModelProject(server);
    server.enqueue({ toolCalls: [{ name: 'lookup', arguments: {} }] }, { text: 'The lookup service is down.' });
    const lookup = bindTool({ name: 'lookup' }, () => {
      throw new Error('service unavailable');
    });
    assert.equal(await project.agent({ prompt: 'p', tools: [lookup] }).run('x'), 'The lookup service is down.');
    assert.deepEqual(JSON.parse(toolResultIn(server.requests[1])), {
      error: { code: 'E102', message: "tool 'lookup' failed: service unavailable" },
    });
  });

  it('applies tool_timeout to each tool call', async () => {
    project = createModelProject(server);
    server.enqueue({ toolCalls: [{ name: 'slow', arguments: {} }] }, { text: 'gave up on it' });
    const slow = bindTool({ name: 'slow' }, () => new Promise((resolve) => setTimeout(resolve, SLOW_TOOL_MS).unref()));
    const started = performance.now();
    await project.agent({ prompt: 'p', tools: [slow], tool_timeout: SHORT_TOOL_TIMEOUT_SECONDS }).run('x');
    assert.ok(performance.now() - started < SLOW_TOOL_MS / 2);
    assert.match(toolResultIn(server.requests[1]), /"code":"E102".*tool_timeout of 0.05 s/);
  });

  it('tells the model about a tool it does not have', async () => {
    project = createModelProject(server);
    server.enqueue({ toolCalls: [{ name: 'rm_rf', arguments: {} }] }, { text: 'done' });
    await project.agent({ prompt: 'p', tools: [adder([])] }).run('x');
    assert.match(toolResultIn(server.requests[1]), /has no tool named 'rm_rf'/);
  });

  it('raises E102 when the model asks for more than max_tool_calls', async () => {
    project = createModelProject(server);
    server.respondWith(() => ({ toolCalls: [{ name: 'add', arguments: { a: 1, b: 1 } }] }));
    const calls: Record<string, unknown>[] = [];
    const error = await loomError(project.agent({ prompt: 'p', tools: [adder(calls)], max_tool_calls: 2 }).run('x'));
    assert.equal(error.code, 'E102');
    assert.equal(error.message, "agent 'Tester' asked for more than its max_tool_calls of 2 tool calls");
    assert.equal(calls.length, 2);
  });
});

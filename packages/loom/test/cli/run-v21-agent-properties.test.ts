/**
 * The v2.1 agent properties `output_schema` and `tool_call_strategy` (AGENT_LEARN's
 * v2.1-agent-properties.md, examples/v2.1/02_structured_output and 03_tool_call_control, their
 * models given a provider), through `loom run` against the fake model server. `output_schema`
 * holds the reply to its fields like a protocol (re-asked, then E303). `tool_call_strategy`:
 * "auto" leaves the choice to the model, "required" makes the first reply of a call a tool call
 * (OpenAI's `tool_choice: "required"`, Anthropic's `{type: "any"}`, checked by the agent where
 * the provider has no such setting: E102), "none" offers no tools.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';

let server: FakeModelServer;
let root: string;

/**
 * The Planner answers its plan (incomplete for anything but a party). Otherwise: calls web_search when offered it and no result is in yet, else answers in text; on Ollama,
 * which cannot be told to call a tool, it answers in text at once.
 */
function respond(request: RecordedRequest): ScriptedReply {
  const conversation = JSON.stringify(request.body['messages']);
  if (conversation.includes('structured plans')) return { text: conversation.includes('party') ? '{"steps": "invite, cook, celebrate", "estimated_time": "2 weeks"}' : '{"steps": "none"}' };
  if (request.format === 'ollama') return { text: 'answered without searching' };
  // OpenAI returns a result as a `tool` message, Anthropic as a `tool_result` block of a user message.
  const searched = JSON.stringify(request.body['messages']).includes('Search results for');
  if (searched) return { text: 'summary of the search' };
  return Array.isArray(request.body['tools']) ? { toolCalls: [{ name: 'web_search', arguments: { query: 'AI news' } }] } : { text: 'answered without searching' };
}

before(async () => {
  server = await startFakeModelServer();
  server.respondWith(respond);
  root = mkdtempSync(join(tmpdir(), 'loom-run-tool-strategy-'));
  writeFileSync(join(root, 'secrets.nxs'), secretsFor(server));
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const program = (model: string, strategy: string): string => `@tool("Search the web for information")
fn web_search(query: string): string {
    return "Search results for: #{query}";
}

agent ControlledBot uses web_search {
    role: "受控助手",
    model: "${model}",
    prompt: "You are an assistant with controlled tool access.",
    max_tool_calls: 3,
    tool_call_strategy: "${strategy}"
}

flow main {
    result = ControlledBot.run("Search for latest AI news and summarize");
    print result;
}
`;

async function run(name: string, source: string): Promise<{ stdout: string; stderr: string; status: number; requests: RecordedRequest[] }> {
  const file = join(root, name);
  writeFileSync(file, source);
  const from = server.requests.length;
  const result = await runInProcess(['run', file]);
  return { ...result, requests: server.requests.slice(from) };
}

test('"required" asks OpenAI and Anthropic for a tool call in the first reply only', async () => {
  const openai = await run('required-openai.nx', program('openai/test-model', 'required'));
  assert.equal(openai.stderr, '');
  assert.equal(openai.stdout, 'summary of the search\n');
  assert.deepEqual(openai.requests.map((request) => request.body['tool_choice']), ['required', undefined]);
  const anthropic = await run('required-anthropic.nx', program('anthropic/test-model', 'required'));
  assert.equal(anthropic.stdout, 'summary of the search\n');
  assert.deepEqual(anthropic.requests.map((request) => request.body['tool_choice']), [{ type: 'any' }, undefined]);
});

test('"required" on a provider that cannot be told so: a reply without a tool call is E102', async () => {
  const result = await run('required-ollama.nx', program('ollama/test-model', 'required'));
  assert.equal(result.requests[0]?.body['tool_choice'], undefined);
  assert.match(result.stderr, /^RuntimeError: agent 'ControlledBot' has tool_call_strategy "required" but answered without calling a tool\n/);
  assert.equal(result.status, 1);
});

test('"none" offers the agent no tools; "auto" offers them and leaves the choice to the model', async () => {
  const none = await run('none.nx', program('openai/test-model', 'none'));
  assert.equal(none.stdout, 'answered without searching\n');
  assert.deepEqual(none.requests.map((request) => request.body['tools']), [undefined]);
  const auto = await run('auto.nx', program('openai/test-model', 'auto'));
  assert.equal(auto.stdout, 'summary of the search\n');
  assert.equal(auto.requests.length, 2);
  assert.ok(auto.requests.every((request) => request.body['tool_choice'] === undefined));
});

const planner = (task: string): string => `agent Planner {
    role: "计划制定者",
    model: "openai/test-model",
    prompt: "You are a planner that outputs structured plans.",
    output_format: "json",
    output_schema: {
        "steps": "string",
        "estimated_time": "string"
    }
}

flow main {
    print "=== v2.1 Structured Output Demo ===";
    result = Planner.run("${task}");
    print result;
    print result.estimated_time;
}
`;

test('output_schema { "field": "type" } holds the reply to those fields: sent as the JSON schema, read into an object', async () => {
  const result = await run('structured.nx', planner('Plan a birthday party'));
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, '=== v2.1 Structured Output Demo ===\n{"steps": "invite, cook, celebrate", "estimated_time": "2 weeks"}\n2 weeks\n');
  assert.deepEqual(result.requests[0]?.body['response_format'], {
    type: 'json_schema',
    json_schema: {
      name: 'Planner_output_schema',
      schema: { type: 'object', properties: { steps: { type: 'string' }, estimated_time: { type: 'string' } }, required: ['steps', 'estimated_time'], additionalProperties: false },
    },
  });
});

test('a reply missing an output_schema field is asked again with the problem, then E303', async () => {
  const result = await run('structured-missing.nx', planner('Plan nothing'));
  assert.equal(result.requests.length, 3);
  assert.ok(JSON.stringify(result.requests[1]?.body['messages']).includes("field 'estimated_time' is missing"));
  assert.match(result.stderr, /^ProtocolError: agent 'Planner' did not return protocol 'Planner_output_schema' after 3 attempts: field 'estimated_time' is missing\n/);
  assert.equal(result.status, 1);
});

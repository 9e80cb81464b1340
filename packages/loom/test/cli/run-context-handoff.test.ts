/**
 * Agent `context { ... }` blocks, end to end through `loom run` against the fake model server,
 * starting from the Nexa docs' own example (part2_context_structure, examples/v2.2): what a
 * pipeline stage receives from the one before it (`inherit: [messages, artifacts,
 * tool_results]`), `output_schema` re-asked and then E303, `input_schema` checked under the type
 * mode, and the `source`/`sink` words `fresh`, `discard` and `"shared:NAME"`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { secretsFor, TEST_API_KEY } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';
import type { CapturedRun } from './run-in-process.js';

interface Message {
  readonly role: string;
  readonly content: string;
}

const messagesOf = (request: RecordedRequest): Message[] => request.body['messages'] as Message[];
const systemOf = (request: RecordedRequest): string => messagesOf(request).find((message) => message.role === 'system')?.content ?? '';

const RESEARCH = { summary: 'qubits got steadier', key_points: 'error correction' };
const SUMMARY = { title: 'Steadier qubits', abstract: 'Error correction improved.' };

let server: FakeModelServer;
let root: string;

/** Answers by the agent's prompt, as the agents of the programs below would. */
function respond(request: RecordedRequest): ScriptedReply {
  const system = systemOf(request);
  const input = messagesOf(request).at(-1)?.content ?? '';
  if (system.includes('research assistant')) return { text: JSON.stringify(RESEARCH) };
  if (system.includes('summarizer')) return { text: JSON.stringify(SUMMARY) };
  if (system.includes('rambles')) return { text: 'no JSON here' };
  if (system.includes('Look it up')) {
    const looked = messagesOf(request).some((message) => message.role === 'tool');
    return looked ? { text: 'looked up' } : { toolCalls: [{ name: 'lookup', arguments: { word: 'qubit' } }] };
  }
  return { text: `echo ${input}` };
}

before(async () => {
  server = await startFakeModelServer();
  server.respondWith(respond);
  root = mkdtempSync(join(tmpdir(), 'loom-run-context-'));
  // The docs' example names deepseek models: that provider points at the fake server too.
  writeFileSync(join(root, 'secrets.nxs'), `${secretsFor(server)}DEEPSEEK_API_KEY = "${TEST_API_KEY}"\nDEEPSEEK_BASE_URL = "${server.url}/v1"\nLOOM_DEFAULT_MODEL = "openai/test-model"\n`);
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function run(name: string, source: string, env: NodeJS.ProcessEnv = {}): Promise<CapturedRun & { readonly file: string }> {
  const file = join(root, name);
  writeFileSync(file, source);
  return { ...(await runInProcess(['run', file], env)), file };
}

/** The requests of the agent whose system message holds `marker`, as role:content lines. */
function turnsOf(marker: string, from: number): string[][] {
  return server.requests.slice(from).filter((request) => systemOf(request).includes(marker)).map((request) => messagesOf(request).slice(1).map((message) => `${message.role}:${message.content}`));
}

test("the docs' example: Summarizer inherits Researcher's messages and artifacts, and both replies follow their output_schema", async () => {
  const from = server.requests.length;
  const result = await run('handoff.nx', `protocol ResearchOutput {
    summary: "string",
    key_points: "string"
}

protocol SummaryResult {
    title: "string",
    abstract: "string"
}

agent Researcher {
    model: "deepseek/deepseek-chat",
    context {
        source: upstream,
        sink: downstream,
        output_schema: ResearchOutput,
        max_history_turns: 10,
        inherit: [messages]
    }
    prompt: "You are a research assistant. Investigate the topic and provide a summary with key points."
}

agent Summarizer {
    model: "deepseek/deepseek-chat",
    context {
        source: upstream,
        sink: downstream,
        input_schema: ResearchOutput,
        output_schema: SummaryResult,
        max_history_turns: 5,
        inherit: [messages, artifacts]
    }
    prompt: "You are a summarizer. Given research output, produce a concise title and abstract."
}

flow main {
    print("=== v2.2.1 Context-as-Structure Demo ===");
    result = "quantum computing breakthroughs 2024" >> Researcher >> Summarizer;
    print(result);
    print(Summarizer.run({"summary": "by hand", "key_points": "none"}))
}
`);
  assert.equal(result.stderr, '');
  const summary = '{"title": "Steadier qubits", "abstract": "Error correction improved."}';
  assert.equal(result.stdout, `=== v2.2.1 Context-as-Structure Demo ===\n${summary}\n${summary}\n`);
  const research = JSON.stringify(RESEARCH);
  assert.deepEqual(turnsOf('research assistant', from), [['user:quantum computing breakthroughs 2024']]);
  const [inPipeline, alone] = turnsOf('summarizer', from);
  assert.deepEqual(inPipeline, ['user:quantum computing breakthroughs 2024', `assistant:${research}`, `user:${research}`]);
  assert.deepEqual(alone, ['user:{"summary":"by hand","key_points":"none"}'], 'outside a pipeline there is no upstream to inherit from');
  const summarizerRequests = server.requests.slice(from).filter((request) => systemOf(request).includes('summarizer'));
  assert.ok(systemOf(summarizerRequests[0]!).includes(`Artifacts handed on by the agents before you (JSON): {"Researcher":${research}}`));
  // deepseek is a chat-completions provider without schemas: JSON mode, and the fields in the system message.
  assert.deepEqual(summarizerRequests[0]!.body['response_format'], { type: 'json_object' });
  assert.ok(systemOf(summarizerRequests[0]!).includes('{"title": string, "abstract": string}'), 'the output_schema fields are asked for');
});

test('an output_schema reply that does not follow the protocol is asked again, then fails with E303', async () => {
  const from = server.requests.length;
  const result = await run('schema.nx', `protocol Plan { steps: "list[str]" }
agent Planner {
    prompt: "You rambles.",
    retry: 1,
    context { output_schema: Plan }
}
flow main {
    print(Planner.run("plan a party"))
}
`);
  assert.equal(turnsOf('rambles', from).length, 2);
  assert.match(result.stderr, /^ProtocolError: agent 'Planner' did not return protocol 'Plan' after 2 attempts: the reply is not valid JSON\n/);
  assert.equal(result.status, 1);
});

test('input_schema checks the input like a parameter type: E302 warns in warn mode, E301 stops in strict mode', async () => {
  const source = `protocol ResearchOutput { summary: "string", key_points: "string" }
agent Summarizer {
    prompt: "You are a summarizer.",
    context { input_schema: ResearchOutput }
}
flow main {
    print(Summarizer.run({"summary": "s", "key_points": "k"}))
    print("plain text" >> Summarizer)
}
`;
  const warned = await run('input-warn.nx', source);
  // Without an output_schema the reply is the model's text as it came.
  assert.equal(warned.stdout, `${JSON.stringify(SUMMARY)}\n${JSON.stringify(SUMMARY)}\n`);
  assert.match(warned.stderr, /^TypeWarning: the input of agent 'Summarizer' \(its context input_schema\) expects ResearchOutput, got str "plain text"\n/);
  assert.equal(warned.status, 0);
  const strict = await run('input-strict.nx', source.replace('print("plain text" >> Summarizer)', 'print(Summarizer.run("plain text"))'), { LOOM_TYPE_MODE: 'strict' });
  assert.match(strict.stderr, /^TypeViolation: the input of agent 'Summarizer' \(its context input_schema\) expects ResearchOutput, got str "plain text"\n/);
  assert.ok(strict.stderr.endsWith(`--> ${strict.file}:8:11\n  = code E301\n`), strict.stderr);
  assert.equal(strict.status, 1);
});

test('source fresh and sink discard hand nothing on; "shared:NAME" hands on through a named slot, outside pipelines too', async () => {
  const from = server.requests.length;
  const result = await run('slots.nx', `agent First { prompt: "First speaks." }
agent Discarder { prompt: "Discarder speaks.", context { sink: discard } }
agent Fresh { prompt: "Fresh speaks.", context { source: fresh, inherit: [messages] } }
agent Heir { prompt: "Heir speaks.", context { inherit: [messages] } }
agent Noter { prompt: "Noter speaks.", context { sink: "shared:notes" } }
agent Reader { prompt: "Reader speaks.", context { source: "shared:notes", inherit: [messages] } }

flow main {
    print("a" >> First >> Fresh)
    print("b" >> Discarder >> Heir)
    print("c" >> First >> Heir)
    print(Reader.run("before any note"))
    Noter.run("remember this")
    print(Reader.run("what was noted?"))
}
`);
  assert.equal(result.stderr, '');
  assert.deepEqual(turnsOf('Fresh speaks', from), [['user:echo a']]);
  assert.deepEqual(turnsOf('Heir speaks', from), [['user:echo b'], ['user:c', 'assistant:echo c', 'user:echo c']]);
  assert.deepEqual(turnsOf('Reader speaks', from), [['user:before any note'], ['user:remember this', 'assistant:echo remember this', 'user:what was noted?']]);
});

test('inherit: [tool_results] shows the tool calls of the stage before in the system message', async () => {
  const from = server.requests.length;
  const result = await run('tools.nx', `@tool("Looks a word up")
fn lookup(word: str) -> str { return "definition of " + word }
agent Finder uses lookup { prompt: "Look it up." }
agent Reporter { prompt: "Report.", context { inherit: [tool_results] } }
flow main {
    print("qubit" >> Finder >> Reporter)
}
`);
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, 'echo looked up\n');
  const [reporter] = server.requests.slice(from).filter((request) => systemOf(request).includes('Report.'));
  assert.ok(systemOf(reporter!).includes('Tool results handed on by the agents before you (JSON): [{"agent":"Finder","tool":"lookup","arguments":"{\\"word\\":\\"qubit\\"}","result":"definition of qubit"}]'), systemOf(reporter!));
  assert.deepEqual(turnsOf('Report.', from), [['user:looked up']], 'tool results come without the messages, which it does not inherit');
});

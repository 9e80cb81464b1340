/**
 * The agent constructs of the language core, end to end through `loom run` against the fake
 * model server: agent calls, `>>` pipelines (E103 naming the failing stage), fan-out and merge,
 * `semantic_if` (with and without `fast_match`), `loop ... until`, intent `match` (E104
 * without `_`), `&&` consensus, an agent's semantic contract, and a `@tool fn` and a `std`
 * namespace as agent tools.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';

const BAD_REQUEST = 400;
const LOOM_MD5 = createHash('md5').update('loom').digest('hex');

interface Message {
  readonly role: string;
  readonly content: string;
}

/** Answers like the agents of the program would: by the role in the system prompt. */
function respond(request: RecordedRequest): ScriptedReply {
  const messages = request.body['messages'] as Message[];
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const input = messages.at(-1)?.content ?? '';
  if (system.includes('Calculator')) {
    const toolResult = messages.find((message) => message.role === 'tool');
    return toolResult === undefined ? { toolCalls: [{ name: 'add_numbers', arguments: { a: 1, b: 2 } }] } : { text: `sum is ${toolResult.content}` };
  }
  if (system.includes('Hasher')) {
    const toolResult = messages.find((message) => message.role === 'tool');
    return toolResult === undefined ? { toolCalls: [{ name: 'std_hash_md5', arguments: { text: 'loom' } }] } : { text: `md5 ${toolResult.content}` };
  }
  if (system.includes('Shouter')) return { text: input.toUpperCase() };
  if (system.includes('Exclaimer')) return { text: `${input}!` };
  if (system.includes('Broken')) return { status: BAD_REQUEST, errorMessage: 'scripted refusal' };
  if (system.includes('yes or no')) return { text: /hello/i.test(input.split('Input:')[1] ?? '') ? 'yes' : 'no' };
  if (system.includes('intent')) return { text: input.split('Input:')[1]?.includes('weather') === true ? '1' : '0' };
  return { text: 'unexpected request' };
}

const PROGRAM = `@tool("Adds two numbers")
fn add_numbers(a: int, b: int) -> int { return a + b }
agent Calc uses add_numbers { role: "Calculator", prompt: "Add with the tool", model: "openai/test-model" }
agent Hasher uses std.hash { role: "Hasher", prompt: "Hash with the tool", model: "openai/test-model" }
agent Shout { role: "Shouter", prompt: "Repeat the input in upper case", model: "openai/test-model" }
agent Exclaim { role: "Exclaimer", prompt: "Add an exclamation mark", model: "openai/test-model" }
agent Broken { role: "Broken", prompt: "Refuse", model: "openai/test-model" }
agent Greeter requires "the input is a greeting" { role: "Shouter", prompt: "Greet back", model: "openai/test-model" }

flow main {
    print(Shout.run("hello"))
    print("hi" >> Shout >> Exclaim)
    semantic_if "the text is a greeting" against "hello there" { print("greeting") } else { print("not a greeting") }
    semantic_if "the text is a greeting" against "goodbye" { print("greeting") } else { print("not a greeting") }
    route = match "what is the weather" {
        intent("asks about weather") => "weather"
        intent("asks about news") => "news"
        _ => "chat"
    }
    print(route)
    print(Greeter.run("hello friend"))
    try { Greeter.run("bye") } catch (e) { print(e.code, e) }
    try { "x" >> Shout >> Broken >> Exclaim } catch (e) { print(e.code, e.message) }
    print("a" |>> [Shout, Exclaim], ["one", "two"] &>> Exclaim)
    draft = "draft"
    rounds = 0
    loop {
        rounds = rounds + 1
        if rounds == 2 { draft = "hello reader" }
    } until ("the draft greets the reader")
    print(draft, rounds)
    semantic_if "mentions a number" fast_match r"[0-9]+" against "room 101" { print("fast match") }
    print(Calc.run("what is 1 + 2?"))
    print(Hasher.run("hash loom"))
    print("q" && [Shout, Shout])
    match "gibberish" {
        intent("asks about weather") => print("weather")
    }
}
`;

let server: FakeModelServer;
let root: string;

before(async () => {
  server = await startFakeModelServer();
  server.respondWith(respond);
  root = mkdtempSync(join(tmpdir(), 'loom-run-agents-'));
  writeFileSync(join(root, 'secrets.nxs'), `${secretsFor(server)}LOOM_WEAK_MODEL = "openai/judge-model"\n`);
  writeFileSync(join(root, 'main.nx'), PROGRAM);
  writeFileSync(join(root, 'debug.nx'), 'agent Shout { role: "Shouter", model: "openai/test-model" }\nflow main { print(Shout.run("hey")) }\n');
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('agent calls, pipelines, DAG operators, semantic conditions, intent match and agent contracts run against the model', async () => {
  const file = join(root, 'main.nx');
  const run = await runInProcess(['run', file]);
  const lines = run.stdout.split('\n');
  assert.deepEqual(lines.slice(0, 7), [
    'HELLO',
    'HI!',
    'greeting',
    'not a greeting',
    'weather',
    'HELLO FRIEND',
    'E201 the input is a greeting',
  ]);
  assert.match(lines[7], /^E103 pipeline stage 2 'Broken' failed: .*scripted refusal/);
  assert.deepEqual(lines.slice(8), ['["A", "a!"] one', '---', 'two!', 'hello reader 2', 'fast match', 'sum is 3', `md5 ${LOOM_MD5}`, '{"answers": ["Q", "Q"], "agreed": true, "answer": "Q"}', '']);
  const judged = server.requests.filter((request) => JSON.stringify(request.body).includes('the draft greets the reader'));
  assert.equal(judged.length, 2, 'loop until asks after each round until the condition holds');
  assert.ok(!server.requests.some((request) => JSON.stringify(request.body).includes('mentions a number')), 'the fast_match regex decides without the model');
  assert.equal(run.stderr, `RuntimeError: no intent branch accepts str "gibberish" and the match has no '_' branch\n  --> ${file}:36:5\n  = code E104\n`);
  assert.equal(run.status, 1);
});

test('--debug and LOOM_DEBUG=1 trace each agent call on stderr', async () => {
  const file = join(root, 'debug.nx');
  const trace = /^\[loom\] agent=Shout model=openai\/test-model attempt=1 ms=[\d.]+ tokens=\d+\+\d+ cache=miss ok$/m;
  const flagged = await runInProcess(['run', file, '--debug']);
  assert.equal(flagged.stdout, 'HEY\n');
  assert.match(flagged.stderr, trace);
  assert.match((await runInProcess(['run', file], { LOOM_DEBUG: '1' })).stderr, trace);
  assert.equal((await runInProcess(['run', file])).stderr, '');
});

test('--debug=full also shows the messages sent; prompts stay hidden with a plain --debug', async () => {
  const file = join(root, 'debug.nx');
  const prompt = /^\[loom\] agent=Shout user: "hey"$/m;
  const full = await runInProcess(['run', file, '--debug=full']);
  assert.equal(full.stdout, 'HEY\n');
  assert.match(full.stderr, prompt);
  assert.match(full.stderr, /^\[loom\] agent=Shout model=openai\/test-model attempt=1 /m);
  assert.doesNotMatch((await runInProcess(['run', file, '--debug'])).stderr, prompt);
  const wrong = await runInProcess(['run', file, '--debug=verbose']);
  assert.equal(wrong.status, 64);
  assert.match(wrong.stderr, /option '--debug' takes no value or one of: full/);
});

test('agent decorators reach the model call: @limit sets max_tokens, @temperature the temperature', async () => {
  const file = join(root, 'decorated.nx');
  writeFileSync(
    file,
    '@limit(max_tokens=77)\n@temperature(value=0.3)\nagent Shout { role: "Shouter", model: "openai/test-model" }\nflow main { print(Shout.run("quiet")) }\n',
  );
  const before = server.requests.length;
  const run = await runInProcess(['run', file]);
  assert.equal(run.stdout, 'QUIET\n');
  const body = server.requests[before]?.body as { max_tokens?: number; temperature?: number };
  assert.equal(body.max_tokens, 77);
  assert.equal(body.temperature, 0.3);
});

/**
 * `std.ask_human` and `input()`: a person in the loop, as a std function, an agent's tool and
 * Python's builtin. At a terminal they ask and return the answer (for ask_human an empty line
 * takes the default); without one they never wait: the default answers, and without a default
 * the program stops with a reason.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { main } from '../../src/cli.js';
import type { Terminal } from '../../src/runtime/infra/terminal.js';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A terminal whose person answers from a script and whose questions are recorded. */
function scriptedTerminal(answers: string[], asked: string[]): Terminal {
  return {
    interactive: true,
    ask: (question) => {
      asked.push(question);
      return Promise.resolve(answers.shift() ?? '');
    },
  };
}

async function run(file: string, terminal?: Terminal): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const status = await main(['run', file], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    terminal,
  });
  return { status, stdout, stderr };
}

const DIRECT = `flow main {
    name = std.ask_human.ask_human(prompt: "Your name?")
    color = std.ask_human.ask_human("Favourite colour?", default: "blue")
    print(name, color)
}
`;

let server: FakeModelServer;
let root: string;

/** The model asks the person once through the tool, then reports the answer. */
function approver(request: RecordedRequest): ScriptedReply {
  const messages = request.body['messages'] as { role: string; content: string }[];
  const answered = messages.find((message) => message.role === 'tool');
  return answered === undefined
    ? { toolCalls: [{ name: 'std_ask_human_ask_human', arguments: { prompt: 'Delete the logs? [y/n]' } }] }
    : { text: `the person said ${answered.content}` };
}

before(async () => {
  server = await startFakeModelServer();
  server.respondWith(approver);
  root = mkdtempSync(join(tmpdir(), 'loom-ask-human-'));
  writeFileSync(join(root, 'secrets.nxs'), secretsFor(server));
  writeFileSync(join(root, 'direct.nx'), DIRECT);
  writeFileSync(join(root, 'agent.nx'), `agent Approver uses std.ask_human { role: "Approver", prompt: "Ask before risky steps", model: "openai/test-model" }
flow main {
    print(Approver.run("clean up"))
}
`);
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('at a terminal it asks and returns the answer; an empty answer takes the default', async () => {
  const asked: string[] = [];
  const result = await run(join(root, 'direct.nx'), scriptedTerminal(['Ada', ''], asked));
  assert.deepEqual(result, { status: 0, stdout: 'Ada blue\n', stderr: '' });
  assert.deepEqual(asked, ['Your name? ', 'Favourite colour? ']);
});

test('without a terminal it never waits: no default stops the program with the reason', async () => {
  const result = await run(join(root, 'direct.nx'));
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, /std\.ask_human cannot ask "Your name\?": standard input is not a terminal; give a default: to answer unattended/);
  assert.match(result.stderr, /= code E105/);
});

test("input(prompt) reads a line at a terminal and stops with the reason without one", async () => {
  const file = join(root, 'input.nx');
  writeFileSync(file, 'flow main {\n    answer = input("Continue? ")\n    print("got", answer)\n}\n');
  const asked: string[] = [];
  assert.deepEqual(await run(file, scriptedTerminal(['yes'], asked)), { status: 0, stdout: 'got yes\n', stderr: '' });
  assert.deepEqual(asked, ['Continue? ']);
  const unattended = await run(file);
  assert.equal(unattended.status, 1);
  assert.match(unattended.stderr, /input\("Continue\? "\) needs a terminal to read from, and standard input is not one/);
});

test('uses std.ask_human gives the agent the tool, and the answer reaches the model', async () => {
  assert.equal((await main(['validate', join(root, 'agent.nx')], { stdout: { write: () => true }, stderr: { write: () => true }, env: {} })), 0);
  const asked: string[] = [];
  const result = await run(join(root, 'agent.nx'), scriptedTerminal(['y'], asked));
  assert.deepEqual(result, { status: 0, stdout: 'the person said y\n', stderr: '' });
  assert.deepEqual(asked, ['Delete the logs? [y/n] ']);
});

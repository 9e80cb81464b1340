/**
 * Agents whose header clauses are written as body properties, as the Nexa docs' contract and
 * harness examples write them (`requires: "..."`, `ensures: "..."`, `tools: [...]`), run
 * against the fake model server: the body's `requires` is checked on the input before the agent
 * is asked, its `tools` are offered to the model.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { harnessFixture, isJudgement, lastUserMessageOf, messagesOf, systemPromptOf } from '../harness/project.js';

const { server, project } = await harnessFixture();

test("a body property 'requires' is the agent's precondition: a violated one is caught by otherwise", async () => {
  server.respondWith((request) => {
    if (isJudgement(request)) return { text: lastUserMessageOf(request).endsWith('Input:\n') ? 'no' : 'yes' };
    return { text: `summary of ${lastUserMessageOf(request)}` };
  });
  const run = await project.run(`agent Summariser {
    role: "Data processing expert"
    model: "openai/test-model"
    prompt: "Summarise the data"
    requires: "the input is not empty"
    ensures: "the answer is a summary"
}

flow main {
    print(Summariser.run("three sales records"))
    print(Summariser.run("") otherwise "no data to summarise")
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'summary of three sales records\nno data to summarise\n');
  const asked = server.requests.filter((request) => !isJudgement(request)).map(lastUserMessageOf);
  assert.deepEqual(asked, ['three sales records'], 'the agent is not asked when its precondition fails');
  const conditions = server.requests.filter(isJudgement).map((request) => lastUserMessageOf(request).split('\n')[0]);
  assert.deepEqual(conditions, ['Condition: the input is not empty', 'Condition: the answer is a summary', 'Condition: the input is not empty']);
  assert.equal(run.status, 0);
});

test("a body property 'tools' gives the agent its tools, as 'uses' in the header does", async () => {
  server.respondWith((request) => {
    const result = messagesOf(request).find((message) => message.role === 'tool');
    if (result !== undefined) return { text: `the shell said ${result.content}` };
    if (systemPromptOf(request).includes('Write the code')) return { toolCalls: [{ name: 'shell_exec', arguments: { command: 'ls' } }] };
    return { text: 'unexpected request' };
  });
  const run = await project.run(`@tool("Runs a shell command")
fn shell_exec(command: string) -> string {
    return "ran " + command
}

agent Coder {
    prompt: "Write the code the task asks for",
    model: "openai/test-model",
    tools: [shell_exec]
}

flow main {
    print(Coder.run("list the files"))
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'the shell said ran ls\n');
  assert.equal(run.status, 0);
});

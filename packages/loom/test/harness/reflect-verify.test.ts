/**
 * `reflect "..."` and `verify ...` against the fake model server, in the shape of the Nexa
 * docs' examples: a reflection reaches the next agent call once; a failed verify is E204 and
 * leaves its failure as a reflection, which inside an autoloop makes the next step try again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { harnessFixture, isJudgement, lastUserMessageOf, systemPromptOf } from './project.js';

const { server, project } = await harnessFixture();

const REFLECTION_NOTE = 'Before you answer, reflect on this:';

test('a reflection after a caught ToolError reaches the next agent call, once', async () => {
  // The coder keeps asking for its tool until it exceeds max_tool_calls (E102, a ToolError).
  server.respondWith((request) => {
    const asked = lastUserMessageOf(request);
    if (asked === 'complex task') return { toolCalls: [{ name: 'shell_exec', arguments: { command: 'ls' } }] };
    return { text: `done: ${asked}` };
  });
  const run = await project.run(`@tool("Runs a shell command")
fn shell_exec(command: string) -> string { return "ran " + command }

agent Coder uses shell_exec {
    prompt: "Write the code the task asks for",
    model: "deepseek/deepseek-chat",
    max_tool_calls: 1
}

flow main {
    try_agent {
        result = Coder.run("complex task")
    } catch_correction(e: ToolError) {
        reflect "the tool failed: #{e}. Consider (1) a simpler request (2) another tool (3) smaller steps"
    }
    print(Coder.run("simpler task"))
    print(Coder.run("next task"))
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'done: simpler task\ndone: next task\n');
  const simpler = server.requests.find((request) => lastUserMessageOf(request) === 'simpler task')!;
  assert.match(
    systemPromptOf(simpler),
    new RegExp(`${REFLECTION_NOTE}\\n- The previous attempt failed: E102 agent 'Coder' asked for more than its max_tool_calls of 1 tool calls\\. Correct your approach\\.\\n- the tool failed: agent 'Coder' asked for more than its max_tool_calls of 1 tool calls\\. Consider \\(1\\) a simpler request \\(2\\) another tool \\(3\\) smaller steps$`),
  );
  const next = server.requests.find((request) => lastUserMessageOf(request) === 'next task')!;
  assert.doesNotMatch(systemPromptOf(next), /reflect on this/, 'a reflection is handed over once');
});

test('a reflection written after the last agent call waits for the next one, even in another flow', async () => {
  server.respondWith((request) => ({ text: `answer to ${lastUserMessageOf(request)}` }));
  const run = await project.run(`agent Thinker { prompt: "Think about the situation", model: "openai/test-model" }
flow ask(topic) { return Thinker.run(topic) }
flow main {
    print(Thinker.run("the situation"))
    reflect "was the approach the best one? what could be better?"
    print(ask("again"))
}
`);
  assert.equal(run.stdout, 'answer to the situation\nanswer to again\n');
  assert.doesNotMatch(systemPromptOf(server.requests[0]!), /reflect on this/);
  assert.match(systemPromptOf(server.requests[1]!), new RegExp(`${REFLECTION_NOTE}\\n- was the approach the best one\\? what could be better\\?$`));
});

const REPORTER = `protocol ReportFormat {
    title: "string",
    score: "int",
    summary: "string"
}

agent Reporter implements ReportFormat {
    prompt: "Write a structured report",
    model: "openai/test-model"
}
`;

test('verify satisfies a protocol or a type; a failure is E204 with what was found', async () => {
  server.respondWith((request) => {
    if (isJudgement(request)) return { text: lastUserMessageOf(request).includes('three examples') ? 'yes' : 'no' };
    return { text: JSON.stringify({ title: 'Sales', score: 7, summary: 'three examples given' }) };
  });
  const run = await project.run(`${REPORTER}flow main {
    result = Reporter.run("analyse the data")
    verify result satisfies ReportFormat
    verify "the report gives three examples" against result.summary
    verify result.title contains "Sal"
    verify result.score > 5
    print("verified")
    verify result satisfies string
    print("not reached")
}
`);
  assert.equal(run.stdout, 'verified\n');
  assert.equal(
    run.stderr,
    `ContractViolation(verify:deterministic, message="result satisfies string: got dict")\n  --> ${run.file}:18:5\n  = code E204\n`,
  );
  assert.equal(run.status, 1);
});

test('a semantic verify the weak model rejects is E204, and try_agent can catch it', async () => {
  server.respondWith((request) => (isJudgement(request) ? { text: 'no' } : { text: 'an essay without examples' }));
  const run = await project.run(`agent Writer { prompt: "Write an essay", model: "openai/test-model" }
flow main {
    result = Writer.run("an essay about AI")
    try_agent {
        verify "the essay gives at least three concrete examples" against result
    } catch_correction(e) {
        print(e.code, e.message)
    }
    verify result satisfies "has a title line"
}
`);
  assert.equal(run.stdout, 'E204 "the essay gives at least three concrete examples" against result\n');
  assert.match(run.stderr, /^ContractViolation\(verify:semantic, message="result satisfies \\"has a title line\\""\)\n/);
  assert.equal(run.status, 1);
});

/** A writer whose first draft fails the check; the second follows the reflection. */
function drafts(request: RecordedRequest): ScriptedReply {
  if (isJudgement(request)) return { text: 'yes' };
  return { text: systemPromptOf(request).includes('failed verification') ? 'FINAL draft' : 'rough draft' };
}

test('inside an autoloop a failed verify makes the next step try again with the failure as a reflection', async () => {
  server.respondWith(drafts);
  const run = await project.run(`agent Writer { prompt: "Write a draft", model: "openai/test-model" }
flow main {
    autoloop max_steps: 3, exit_when: "the draft is final" {
        draft = Writer.run("the draft")
        print("got " + draft)
        verify draft contains "FINAL"
    }
    print("kept " + draft)
}
`);
  assert.equal(run.stdout, 'got rough draft\ngot FINAL draft\nkept FINAL draft\n');
  const second = server.requests.filter((request) => !isJudgement(request))[1]!;
  assert.match(systemPromptOf(second), /- Your output failed verification \(draft contains "FINAL": got str "rough draft"\)\. Correct it\.$/);
  assert.equal(server.requests.filter(isJudgement).length, 1, 'the failed step is not judged against exit_when');
  assert.equal(run.status, 0);

  server.respondWith(() => ({ text: 'rough draft' }));
  const exhausted = await project.run(`agent Writer { prompt: "Write a draft", model: "openai/test-model" }
flow main {
    autoloop max_steps: 2 {
        verify Writer.run("the draft") contains "FINAL"
    }
}
`);
  assert.match(exhausted.stderr, /^ContractViolation\(verify:deterministic, message="Writer\.run\(\\"the draft\\"\) contains \\"FINAL\\": got str \\"rough draft\\""\)\n.*:4:9\n {2}= code E204\n$/);
  assert.equal(exhausted.status, 1);
});

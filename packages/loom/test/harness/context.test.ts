/**
 * `with_context`, `context_policy` statements and the agent property `context_policy` against
 * the fake model server, in the shape of the Nexa docs' examples: the conversation an agent
 * sends is kept within the window's token budget.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RecordedRequest } from '../support/fake-model-server.js';
import { harnessFixture, lastUserMessageOf, messagesOf, systemPromptOf } from './project.js';

const { server, project } = await harnessFixture(({ server }) =>
  server.respondWith((request) => (systemPromptOf(request).includes('summarize the earlier part') ? { text: 'they discussed the first two datasets' } : { text: 'noted' })),
);

/** A remembering analyst, told three long things (about 60 tokens each) before the question asked inside the window. */
const ANALYST = `agent Analyst {
    prompt: "Analyse the data and report",
    model: "openai/test-model",
    memory: "session"
}

flow tell() {
    Analyst.run("first dataset: ${'a'.repeat(240)}")
    Analyst.run("second dataset: ${'b'.repeat(240)}")
    Analyst.run("third dataset: ${'c'.repeat(240)}")
}
`;

/** The user messages an agent request carried, by their first word. */
function userTurns(request: RecordedRequest): string[] {
  return messagesOf(request).filter((message) => message.role === 'user').map((message) => message.content.split(/[ :]/)[0]!);
}

const questionRequest = (): RecordedRequest => server.requests.find((request) => lastUserMessageOf(request) === 'which dataset is largest?')!;

test('with_context keeps the conversation within max_tokens, letting the oldest turns go first', async () => {
  const run = await project.run(`${ANALYST}flow main {
    tell()
    with_context max_tokens: 200, strategy: sliding_window {
        print(Analyst.run("which dataset is largest?"))
    }
    Analyst.run("outside the window")
}
`, { args: ['--debug'] });
  assert.equal(run.stdout, 'noted\n');
  assert.deepEqual(userTurns(questionRequest()), ['second', 'third', 'which']);
  assert.match(run.stderr, /^\[loom\] agent=Analyst context window of 200 tokens \(sliding_window\) let 2 messages go$/m);
  const outside = server.requests.find((request) => lastUserMessageOf(request) === 'outside the window')!;
  assert.deepEqual(userTurns(outside), ['first', 'second', 'third', 'which', 'outside'], 'the window ends with its block');
  assert.equal(run.status, 0);
});

test('priority_tags keep the turns that mention them; smart_summarization puts a summary in place of what goes', async () => {
  const tagged = await project.run(`${ANALYST}flow main {
    Analyst.run("[pinned] the budget is 40 units")
    tell()
    with_context max_tokens: 150, strategy: importance_weighted, priority_tags: ["[pinned]"] {
        Analyst.run("which dataset is largest?")
    }
}
`);
  assert.equal(tagged.status, 0);
  assert.deepEqual(userTurns(questionRequest()), ['[pinned]', 'third', 'which']);

  server.reset();
  server.respondWith((request) => (systemPromptOf(request).includes('summarize the earlier part') ? { text: 'they discussed the first two datasets' } : { text: 'noted' }));
  const summarized = await project.run(`${ANALYST}flow main {
    tell()
    with_context max_tokens: 120, strategy: smart_summarization {
        Analyst.run("which dataset is largest?")
    }
}
`);
  assert.equal(summarized.status, 0);
  const summaryRequest = server.requests.find((request) => systemPromptOf(request).includes('summarize the earlier part'))!;
  assert.match(lastUserMessageOf(summaryRequest), /^user: first dataset: a+\nassistant: noted\nuser: second dataset: b+\nassistant: noted$/);
  assert.deepEqual(userTurns(questionRequest()), ['Summary', 'third', 'which']);
  assert.equal(messagesOf(questionRequest())[1]!.content, 'Summary of the earlier conversation: they discussed the first two datasets');
});

test('an agent context_policy property is its own window; a context_policy statement sets one for the rest of the flow', async () => {
  const own = await project.run(`agent Analyst {
    prompt: "Analyse the data and report",
    model: "openai/test-model",
    memory: "session",
    context_policy: { max_tokens: 200, strategy: sliding_window }
}

flow tell() {
    Analyst.run("first dataset: ${'a'.repeat(240)}")
    Analyst.run("second dataset: ${'b'.repeat(240)}")
    Analyst.run("third dataset: ${'c'.repeat(240)}")
}

flow main {
    tell()
    Analyst.run("which dataset is largest?")
}
`);
  assert.equal(own.stderr, '');
  assert.deepEqual(userTurns(questionRequest()), ['second', 'third', 'which']);

  server.reset();
  server.respondWith(() => ({ text: 'noted' }));
  const statement = await project.run(`${ANALYST}flow main {
    tell()
    context_policy { max_tokens: 130, strategy: sliding_window }
    Analyst.run("which dataset is largest?")
}
`);
  assert.equal(statement.status, 0);
  assert.deepEqual(userTurns(questionRequest()), ['third', 'which']);
});

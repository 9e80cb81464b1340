/**
 * Skill files (`agent StreamBot uses "examples/SKILLS.md" { ... }`, the Nexa docs' part 4
 * example) through `loom validate` and `loom run` against the fake model server: the skill's
 * tools reach the model with their descriptions and schemas (both section formats), a call runs
 * the program's `@tool fn` of that name, the prose outside tool sections joins the agent's
 * instructions, and what cannot be used is refused at compile time at a line of the program or
 * of the Markdown.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, test } from 'node:test';
import { temporaryDirectory, useFakeModelServer } from '../support/fake-model-fixture.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { projectDirFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';

/** One tool section in the list format, one in the JSON-schema format, with guidelines around them. */
const SKILLS = `# Reporting skills

Keep every report under fifty words.

## Tool: analyze_data
Description: Summarise a data set and report on it
Parameters:
- data: The rows to look at (string)
- format: How to lay the report out (optional)

## Tool: send_notification
Used once the report is ready.
\`\`\`json
{
  "description": "Tell the team about a finished report",
  "type": "object",
  "properties": {
    "message": { "type": "string", "description": "What to tell them" },
    "channel": { "type": "string", "enum": ["email", "slack", "sms"] }
  },
  "required": ["message", "channel"]
}
\`\`\`

## Escalation
Page a person only when a report fails twice.
`;

const PROGRAM = `@tool("analyze")
fn analyze_data(data: string, format: string = "plain") -> string {
    return "report(" + format + "): " + data
}

@tool("notify")
fn send_notification(message: string, channel: string) -> string {
    return "sent '" + message + "' via " + channel
}

agent StreamBot uses "examples/SKILLS.md" {
    model: "openai/test-model",
    prompt: "I am a helpful assistant. Apply the skills strictly to solve this issue."
}

flow main {
    print(StreamBot.run("report on the sales rows"))
}
`;

interface Message {
  readonly role: string;
  readonly content: string;
}

interface OfferedTool {
  readonly function: { readonly name: string; readonly description: string; readonly parameters: unknown };
}

function toolResults(request: RecordedRequest): string[] {
  return (request.body['messages'] as Message[]).filter((message) => message.role === 'tool').map((message) => message.content);
}

/** Calls analyze_data (leaving out the optional format), then send_notification, then answers with what the tools said. */
function respond(request: RecordedRequest): ScriptedReply {
  const results = toolResults(request);
  if (results.length === 0) return { toolCalls: [{ name: 'analyze_data', arguments: { data: 'sales' } }] };
  if (results.length === 1) return { toolCalls: [{ name: 'send_notification', arguments: { message: 'done', channel: 'slack' } }] };
  return { text: results.join(' | ') };
}

let server: FakeModelServer;
let root = '';

useFakeModelServer(
  (started) => (server = started),
  () => temporaryDirectory(root),
);

beforeEach(() => {
  server.respondWith(respond);
  root = projectDirFor(server, 'loom-skill-files-');
  mkdirSync(join(root, 'examples'));
  writeFileSync(join(root, 'examples', 'SKILLS.md'), SKILLS);
});

function project(program: string, skills?: string): string {
  const file = join(root, 'main.nx');
  writeFileSync(file, program);
  if (skills !== undefined) writeFileSync(join(root, 'examples', 'SKILLS.md'), skills);
  return file;
}

test('the tools of a skill file reach the model with their descriptions and schemas, and run the @tool fn of their name', async () => {
  const file = project(PROGRAM);
  assert.equal((await runInProcess(['validate', file])).status, 0);
  const lint = await runInProcess(['lint', file]);
  assert.doesNotMatch(lint.stdout + lint.stderr, /W002/, 'a @tool fn implementing a skill tool is used');

  const run = await runInProcess(['run', file]);
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
  assert.equal(run.stdout, "report(plain): sales | sent 'done' via slack\n");

  const first = server.requests[0]!;
  const offered = (first.body['tools'] as OfferedTool[]).map((tool) => tool.function);
  assert.deepEqual(offered, [
    {
      name: 'analyze_data',
      description: 'Summarise a data set and report on it',
      parameters: {
        type: 'object',
        properties: { data: { type: 'string', description: 'The rows to look at' }, format: { type: 'string', description: 'How to lay the report out' } },
        required: ['data'],
      },
    },
    {
      name: 'send_notification',
      description: 'Tell the team about a finished report\nUsed once the report is ready.',
      parameters: {
        type: 'object',
        properties: { message: { type: 'string', description: 'What to tell them' }, channel: { type: 'string', enum: ['email', 'slack', 'sms'] } },
        required: ['message', 'channel'],
      },
    },
  ]);
  const system = (first.body['messages'] as Message[]).find((message) => message.role === 'system')?.content;
  assert.equal(
    system,
    'I am a helpful assistant. Apply the skills strictly to solve this issue.\n\nGuidelines from your skill files:\n' +
      '# Reporting skills\n\nKeep every report under fifty words.\n\n## Escalation\nPage a person only when a report fails twice.',
  );
});

test('a skill tool the program does not implement is refused by validate, naming the tool, its line and the fn to write', async () => {
  const file = project(PROGRAM.replace(/@tool\("notify"\)[\s\S]*?\n}\n/, ''));
  const result = await runInProcess(['validate', file]);
  assert.equal(result.status, 2);
  assert.match(
    result.stderr,
    /^Error E006: Not supported by this runtime: agent StreamBot uses skill tool 'send_notification' \(.*examples\/SKILLS\.md:11:1\), which the program does not implement: a skill file only describes a tool\n --> .*main\.nx:7:22\n/,
  );
  assert.match(result.stderr, /= help: declare @tool\("Tell the team about a finished report"\) fn send_notification\(message, channel\) \{ \.\.\. \}/);
  const run = await runInProcess(['run', file]);
  assert.equal(run.status, 2);
  assert.equal(server.requests.length, 0, 'nothing is asked of the model');
});

test('a missing skill file, a malformed schema and a malformed parameter list are compile errors at their lines', async () => {
  const missing = project(PROGRAM.replace('examples/SKILLS.md', 'examples/NOPE.md'));
  const notFound = await runInProcess(['validate', missing]);
  assert.equal(notFound.status, 2);
  assert.match(notFound.stderr, /^Error E001: Undeclared identifier: skill file 'examples\/NOPE\.md' not found\n {2}--> .*main\.nx:11:22\n/);

  const broken = SKILLS.replace('"required": ["message", "channel"]', '"required": ["message", "channel"],').replace('- data: The rows', '- 42 rows');
  const file = project(PROGRAM, broken);
  const result = await runInProcess(['validate', file]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /Error E004: Syntax error: a parameter of skill tool 'analyze_data' is not written as '- name: what it is \(type\)'\n --> .*examples\/SKILLS\.md:8:1\n/);
  assert.match(result.stderr, /Error E004: Syntax error: the JSON schema of skill tool 'send_notification' is not valid JSON \([^)]*\)\n {2}--> .*examples\/SKILLS\.md:22:1\n/);
});

test('a skill file over the size limit is refused without being read whole', async () => {
  const file = project(PROGRAM, `## Tool: analyze_data\n${'x'.repeat(2 * 1024 * 1024)}\n`);
  const result = await runInProcess(['validate', file]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /^Error E006: Not supported by this runtime: skill file 'examples\/SKILLS\.md' is larger than 1024 KiB\n/);
});

test("a @tool fn whose parameters differ from the skill's is a type mismatch", async () => {
  const file = project(PROGRAM.replace('fn send_notification(message: string, channel: string)', 'fn send_notification(message: string, urgent: bool)'));
  const result = await runInProcess(['validate', file]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /Error E002: Type mismatch: fn send_notification takes 'urgent', which skill tool 'send_notification' \(.*SKILLS\.md:11:1\) does not describe, so the model could not pass it/);
});

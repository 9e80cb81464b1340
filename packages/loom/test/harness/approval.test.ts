/**
 * `@tool("...", risk_level: "high", requires_approval: true)` against the fake model server, in
 * the shape of the Nexa docs' example: each call of the tool is approved at the terminal, or,
 * without one, by the LOOM_TOOL_APPROVAL policy, and never waits for an answer that cannot come.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { harnessFixture, messagesOf, scriptedTerminal } from './project.js';

const { project } = await harnessFixture((fixture) => {
  fixture.server.respondWith(deleteOnce);
  rmSync(join(fixture.project.root, 'deleted.log'), { force: true });
});

/** The agent deletes a file through its tool, then reports what the tool said. */
function deleteOnce(request: RecordedRequest): ScriptedReply {
  const result = messagesOf(request).find((message) => message.role === 'tool');
  if (result !== undefined) return { text: `tool said: ${result.content}` };
  return { toolCalls: [{ name: 'delete_file', arguments: { path: 'old.txt' } }] };
}

const DEVOPS = `@tool("Runs a shell command")
fn shell_exec(command: string) -> string { return "ran " + command }

@tool("Deletes a file", risk_level: "high", requires_approval: true)
fn delete_file(path: string) -> string {
    std.fs.file_append("deleted.log", path + "\\n")
    return "Deleted: " + path
}

agent DevOps uses shell_exec, delete_file {
    prompt: "Carry out the DevOps task",
    model: "openai/test-model"
}

flow main {
    print(DevOps.run("clean up"))
    print(DevOps.run("clean up again"))
    try { print(delete_file("direct.txt")) } catch (e) { print(e.code, e.message) }
}
`;

const deleted = (): string => {
  const log = join(project.root, 'deleted.log');
  return existsSync(log) ? readFileSync(log, 'utf8') : '';
};

test('at a terminal each call is asked about; yes runs it, anything else refuses it with E102', async () => {
  const terminal = scriptedTerminal(['y', 'no', '']);
  const run = await project.run(DEVOPS, { terminal });
  assert.equal(run.stderr, '');
  assert.deepEqual(terminal.asked, [
    'Allow tool \'delete_file\' (risk: high) to run with dict {"path": "old.txt"}? [y/N/a] ',
    'Allow tool \'delete_file\' (risk: high) to run with dict {"path": "old.txt"}? [y/N/a] ',
    'Allow tool \'delete_file\' (risk: high) to run with list ["direct.txt"]? [y/N/a] ',
  ]);
  const refusal = "tool 'delete_file' needs approval (requires_approval) and was not approved: it was refused at the terminal";
  assert.equal(run.stdout, [
    'tool said: Deleted: old.txt',
    `tool said: {"error":{"code":"E102","message":"${refusal}"}}`,
    `E102 ${refusal}`,
    '',
  ].join('\n'));
  assert.equal(deleted(), 'old.txt\n', 'refused calls never ran');
});

test('"a" approves the tool for the rest of the run', async () => {
  const terminal = scriptedTerminal(['a']);
  const run = await project.run(DEVOPS, { terminal });
  assert.equal(terminal.asked.length, 1);
  assert.equal(deleted(), 'old.txt\nold.txt\ndirect.txt\n');
  assert.match(run.stdout, /Deleted: direct\.txt\n$/);
});

test('without a terminal the call is refused at once, unless LOOM_TOOL_APPROVAL or --tool-approval allows it', async () => {
  const started = performance.now();
  const unattended = await project.run(DEVOPS);
  assert.ok(performance.now() - started < 5000);
  assert.match(unattended.stdout, /^tool said: .*standard input is not a terminal to ask at; set LOOM_TOOL_APPROVAL=allow \(or loom run --tool-approval=allow\) to approve unattended runs/);
  assert.equal(deleted(), '');

  const allowed = await project.run(DEVOPS, { env: { LOOM_TOOL_APPROVAL: 'allow' } });
  assert.equal(allowed.stdout, 'tool said: Deleted: old.txt\ntool said: Deleted: old.txt\nDeleted: direct.txt\n');

  rmSync(join(project.root, 'deleted.log'));
  const flagged = await project.run(DEVOPS, { args: ['--tool-approval=allow'] });
  assert.equal(flagged.stdout, allowed.stdout);

  const denied = await project.run(DEVOPS, { args: ['--tool-approval=deny'], terminal: scriptedTerminal(['y']) });
  assert.match(denied.stdout, /E102 tool 'delete_file' needs approval \(requires_approval\) and was not approved: LOOM_TOOL_APPROVAL is deny\n$/);

  const wrong = await project.run(DEVOPS, { args: ['--tool-approval=maybe'] });
  assert.equal(wrong.status, 64);
  assert.match(wrong.stderr, /option '--tool-approval' takes one of: ask, allow, deny/);
});

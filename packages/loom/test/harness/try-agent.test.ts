/**
 * `try_agent { } catch_correction(e: T) { }` and `on_error(e: T) { }` against the fake model
 * server, in the shape of the Nexa docs' example: the correction catches only the error types
 * it names, leaves the failure as a reflection for the next agent call, and the on_error hooks
 * see a failing step without stopping its error.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { harnessFixture, lastUserMessageOf, systemPromptOf } from './project.js';

const { server, project } = await harnessFixture();

const CODER = `@tool("Runs a shell command")
fn shell_exec(command: string) -> string {
    if command == "fail" { raise "the command failed" }
    return "ran " + command
}

agent Coder uses shell_exec {
    prompt: "Write the code the task asks for",
    model: "deepseek/deepseek-chat"
}
`;

test('a ToolError is corrected, and the next agent call is told what failed', async () => {
  server.respondWith((request) => ({ text: `answer to ${lastUserMessageOf(request)}` }));
  const run = await project.run(`${CODER}flow main {
    try_agent {
        shell_exec("fail")
        print("not reached")
    } catch_correction(e: ToolError) {
        print("corrected " + e.code + ": " + e.message)
    }
    print(Coder.run("write a quicksort"))
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, "corrected E102: tool 'shell_exec' failed: the command failed\nanswer to write a quicksort\n");
  const [call] = server.requests;
  assert.match(systemPromptOf(call!), /Write the code the task asks for\n\nBefore you answer, reflect on this:\n- The previous attempt failed: E102 tool 'shell_exec' failed: the command failed\. Correct your approach\.$/);
  assert.equal(run.status, 0);
});

test('catch_correction lets errors of other types go on; a union names several', async () => {
  server.respondWith(() => ({ status: 400, errorMessage: 'scripted refusal' }));
  const uncaught = await project.run(`${CODER}flow main {
    try_agent { Coder.run("task") } catch_correction(e: ToolError) { print("not a tool error") }
}
`);
  assert.equal(uncaught.stdout, '');
  assert.match(uncaught.stderr, /^RuntimeError: agent 'Coder' failed: .*scripted refusal\n.*\n {2}= code E101\n$/);
  assert.equal(uncaught.status, 1);

  const caught = await project.run(`${CODER}flow main {
    try_agent { Coder.run("task") } catch_correction(e: ToolError | ModelError) { print("caught " + e.code) }
    try_agent { Coder.run("task") } catch_correction(e) { print("caught any " + e.code) }
}
`);
  assert.equal(caught.stdout, 'caught E101\ncaught any E101\n');
  assert.equal(caught.status, 0);
});

test('an agent call that runs out of its timeout is a TimeoutError', async () => {
  server.respondWith(() => ({ text: 'late', delayMs: 2000 }));
  const run = await project.run(`agent Slow { prompt: "Answer slowly", model: "openai/test-model", timeout: 0.2, retry: 0 }
flow main {
    try_agent { Slow.run("x") } catch_correction(e: TimeoutError) { print("timed out: " + e.code) }
}
`);
  assert.equal(run.stdout, 'timed out: E101\n');
  assert.equal(run.status, 0);
});

test('an ActorError is what awaiting a failed actor raises; the same failure of a direct call is not one', async () => {
  // The risky actor's model refuses; the backup's answers.
  server.respondWith((request) => (systemPromptOf(request).includes('risky') ? { status: 400, errorMessage: 'scripted refusal' } : { text: `backup did ${lastUserMessageOf(request)}` }));
  const ACTORS = 'agent RiskyTask { prompt: "Do the risky part", model: "openai/test-model", retry: 0 }\nagent BackupTask { prompt: "Do it the safe way", model: "openai/test-model" }\n';
  const run = await project.run(`${ACTORS}flow main {
    worker = spawn RiskyTask("start")
    try_agent {
        result = await worker
    } catch_correction(e: ActorError) {
        print("actor failed: " + e.code)
        backup = spawn BackupTask("start")
        result = await backup
    }
    print(result)
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'actor failed: E101\nbackup did start\n');
  assert.equal(run.status, 0);

  const direct = await project.run(`${ACTORS}flow main {
    try_agent { RiskyTask.run("start") } catch_correction(e: ActorError) { print("not an actor's failure") }
}
`);
  assert.equal(direct.stdout, '');
  assert.match(direct.stderr, /= code E101\n$/);
  assert.equal(direct.status, 1);
});

test('on_error hooks see a failing step of their type, once, and the error still goes on', async () => {
  server.respondWith(() => ({ status: 400, errorMessage: 'scripted refusal' }));
  const run = await project.run(`${CODER}flow main {
    on_error(e: ModelError) {
        print("hook saw " + e.code)
    }
    on_error(e: ToolError) {
        print("not a tool error")
    }
    try_agent { Coder.run("task") } catch_correction(e: ModelError) { print("corrected") }
    Coder.run("again")
}
`);
  assert.equal(run.stdout, 'hook saw E101\ncorrected\nhook saw E101\n');
  assert.match(run.stderr, /= code E101\n$/);
  assert.equal(run.status, 1);
});

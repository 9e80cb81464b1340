/**
 * `before_step`/`after_step`, `before_tool`/`after_tool` and `unharnessed { }` against the fake
 * model server, in the shape of the Nexa docs' examples.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { harnessFixture, isJudgement, lastUserMessageOf, messagesOf, systemPromptOf } from './project.js';

const { server, project } = await harnessFixture(({ server }) =>
  server.respondWith((request) => (isJudgement(request) ? { text: 'no' } : { text: `did ${lastUserMessageOf(request)}` })),
);

const WORKER = 'agent Worker { prompt: "Do the task", model: "openai/test-model" }\n';

test('the step hooks run around each autoloop step, and around an agent call outside a loop', async () => {
  const run = await project.run(`${WORKER}flow main {
    before_step {
        print("Starting step...")
    }
    after_step {
        print("Step completed")
    }
    autoloop max_steps: 2 {
        result = Worker.run("task")
        print(result)
        Worker.run("more in the same step")
    }
    print(Worker.run("alone"))
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, [
    'Starting step...', 'did task', 'Step completed',
    'Starting step...', 'did task', 'Step completed',
    'Starting step...', 'Step completed', 'did alone', '',
  ].join('\n'));
});

test('an agent asked inside a hook is no step of its own; hooks declared in a step last for that step', async () => {
  const run = await project.run(`${WORKER}flow main {
    before_step {
        print("hook asks: " + Worker.run("inside the hook"))
    }
    autoloop max_steps: 2 {
        after_step { print("this step only") }
        Worker.run("task")
    }
}
`);
  assert.equal(run.stdout, 'hook asks: did inside the hook\nthis step only\nhook asks: did inside the hook\nthis step only\n');
});

const DEVOPS = `@tool("Runs a shell command")
fn shell_exec(command: string) -> string {
    print("running " + command)
    return "ran " + command
}

agent DevOps uses shell_exec {
    prompt: "Carry out the DevOps task",
    model: "openai/test-model"
}
`;

test('the tool hooks run around each call of their tool, by an agent or by the flow; before_tool may block it', async () => {
  server.respondWith((request) => {
    const toolResult = messagesOf(request).find((message) => message.role === 'tool');
    if (toolResult !== undefined) return { text: `tool said: ${toolResult.content}` };
    return { toolCalls: [{ name: 'shell_exec', arguments: { command: 'ls' } }] };
  });
  const run = await project.run(`${DEVOPS}flow main {
    allowed = true
    before_tool(shell_exec) {
        print("About to execute shell command")
        return allowed
    }
    after_tool(shell_exec) {
        print("Shell command completed")
    }
    print(DevOps.run("list the files"))
    print(shell_exec("pwd"))
    allowed = false
    print(DevOps.run("list the files again"))
    try { shell_exec("rm -rf /") } catch (e) { print(e.code, e.message) }
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, [
    'About to execute shell command', 'running ls', 'Shell command completed', 'tool said: ran ls',
    'About to execute shell command', 'running pwd', 'Shell command completed', 'ran pwd',
    'About to execute shell command', 'tool said: {"error":{"code":"E102","message":"tool \'shell_exec\' was blocked by its before_tool hook"}}',
    'About to execute shell command', "E102 tool 'shell_exec' was blocked by its before_tool hook", '',
  ].join('\n'));
});

test('inside unharnessed no hook fires and reflections wait for a call outside it', async () => {
  const run = await project.run(`${WORKER}flow main {
    before_step { print("hook") }
    reflect "be brief"
    unharnessed "a plain call, for speed" {
        print(Worker.run("raw"))
    }
    print(Worker.run("harnessed"))
}
`);
  assert.equal(run.stdout, 'did raw\nhook\ndid harnessed\n');
  const [raw, harnessed] = server.requests;
  assert.doesNotMatch(systemPromptOf(raw!), /be brief/);
  assert.match(systemPromptOf(harnessed!), /- be brief$/);
});

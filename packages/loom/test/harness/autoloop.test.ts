/**
 * `autoloop` runs against the fake model server, in the shape of the Nexa docs' example: an
 * agent asked once per step until the weak model says the exit condition holds, the step cap,
 * the time limit, and a failing step.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { harnessFixture, isJudgement, lastUserMessageOf, systemPromptOf } from './project.js';

const { server, project } = await harnessFixture();

const RESEARCHER = 'agent Researcher {\n    prompt: "Study the topic until you know enough",\n    model: "deepseek/deepseek-chat"\n}\n';

/** The researcher numbers its notes; the judge accepts once `enough` notes were taken. */
function researcher(enough: number, reply: Partial<ScriptedReply> = {}): (request: RecordedRequest) => ScriptedReply {
  let notes = 0;
  return (request) => {
    if (isJudgement(request)) return { text: lastUserMessageOf(request).includes(`note ${enough}`) ? 'yes' : 'no' };
    if (systemPromptOf(request).includes('Study the topic')) return { ...reply, text: `note ${(notes += 1)}` };
    return { text: 'unexpected request' };
  };
}

test('the loop asks the agent once per step until the weak model judges the exit condition met', async () => {
  server.respondWith(researcher(3));
  const run = await project.run(`${RESEARCHER}flow main {
    autoloop max_steps: 10, exit_when: "enough has been gathered", timeout: 300 {
        result = Researcher.run("uses of quantum computing");
        print("Step completed: " + result);
    }
    print("finished with " + result)
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'Step completed: note 1\nStep completed: note 2\nStep completed: note 3\nfinished with note 3\n');
  const judgements = server.requests.filter(isJudgement);
  assert.equal(judgements.length, 3, 'the condition is judged after each step');
  assert.equal(lastUserMessageOf(judgements[0]!), 'Condition: enough has been gathered\n\nInput:\n{"step":1,"answers":["note 1"],"variables":{"result":"note 1"}}');
  assert.equal(run.status, 0);
});

test('at max_steps the loop ends without an error and the flow goes on; --debug says why it ended', async () => {
  server.respondWith(researcher(99));
  const run = await project.run(`${RESEARCHER}flow main {
    autoloop max_steps: 3, exit_when: "enough has been gathered" {
        print(Researcher.run("topic"))
    }
    print("after the loop")
}
`, { args: ['--debug'] });
  assert.equal(run.stdout, 'note 1\nnote 2\nnote 3\nafter the loop\n');
  assert.match(run.stderr, new RegExp(`^\\[loom\\] autoloop at ${run.file.replace(/[.\\/]/g, '\\$&')}:6:5 ended: max_steps after 3 steps$`, 'm'));
  assert.equal(server.requests.filter(isJudgement).length, 3);
  assert.equal(run.status, 0);
});

test('without max_steps the loop stops at the default of 50 steps', async () => {
  const run = await project.run('flow main {\n    n = 0\n    autoloop { n = n + 1 }\n    print(n)\n}\n');
  assert.equal(run.stdout, '50\n');
  assert.equal(run.status, 0);
});

test('the time limit stops the agent call in progress and ends the loop; no new step starts', async () => {
  server.respondWith(researcher(99, { delayMs: 600 }));
  const started = performance.now();
  const run = await project.run(`${RESEARCHER}flow main {
    autoloop max_steps: 10, exit_when: "enough has been gathered", timeout: 1 {
        print("Step completed: " + Researcher.run("topic"))
    }
    print("after the loop")
}
`, { args: ['--debug'] });
  assert.ok(performance.now() - started < 5000, 'the loop does not wait for the remaining steps');
  assert.equal(run.stdout, 'Step completed: note 1\nafter the loop\n');
  assert.match(run.stderr, /autoloop at .*:6:5 ended: timeout after 2 steps$/m);
  assert.equal(run.status, 0);
});

test('a step that fails ends the loop with its error, after the on_error hooks saw it; break leaves it early', async () => {
  server.respondWith(() => ({ status: 400, errorMessage: 'scripted refusal' }));
  const failing = await project.run(`${RESEARCHER}flow main {
    autoloop max_steps: 5 {
        print("step")
        Researcher.run("topic")
    }
    print("not reached")
    on_error(e) { print("unused") }
}
`);
  assert.equal(failing.stdout, 'step\n');
  assert.match(failing.stderr, /^RuntimeError: agent 'Researcher' failed: .*scripted refusal\n {2}--> .*main\.nx:8:9\n {2}= code E101\n$/);
  assert.equal(failing.status, 1);

  const observed = await project.run(`${RESEARCHER}flow main {
    on_error(e: ModelError) { print("hook saw " + e.code) }
    autoloop max_steps: 5 {
        Researcher.run("topic")
    }
}
`);
  assert.equal(observed.stdout, 'hook saw E101\n');
  assert.equal(observed.status, 1);

  const breaking = await project.run('flow main {\n    n = 0\n    autoloop max_steps: 5 {\n        n = n + 1\n        if n == 2 { break }\n    }\n    print(n)\n}\n');
  assert.equal(breaking.stdout, '2\n');
});

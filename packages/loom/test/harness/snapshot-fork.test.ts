/**
 * `snapshot()` / `restore(snap)`, `fork [...] merge S` and `fork { } and { }` against the fake
 * model server, in the shape of the Nexa docs' examples: rolling back the flow's variables and
 * an agent's conversation, and branches that run at the same time and are merged.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { harnessFixture, lastUserMessageOf, messagesOf, systemPromptOf } from './project.js';

const { server, project } = await harnessFixture();

test('restore(checkpoint) puts back the variables and the conversation of the snapshot', async () => {
  server.respondWith((request) => ({ text: lastUserMessageOf(request) === 'explore path A' ? 'dead end' : 'found a way' }));
  const run = await project.run(`agent Explorer {
    prompt: "Explore the ways to a solution",
    model: "openai/test-model",
    memory: "session"
}

flow main {
    state = {"counter": 0, "path": []}
    Explorer.run("start")
    checkpoint = snapshot()
    result = Explorer.run("explore path A")
    state.counter = state.counter + 1
    state.path.append("A")
    if result == "dead end" {
        restore(checkpoint)
        print(state, result, checkpoint)
        result = Explorer.run("explore path B")
    }
    print(result)
    restore(checkpoint) if state.counter == 0
    print(state)
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, '{"counter": 0, "path": []} dead end <snapshot 1>\nfound a way\n{"counter": 0, "path": []}\n');
  const pathB = server.requests.find((request) => lastUserMessageOf(request) === 'explore path B')!;
  assert.deepEqual(messagesOf(pathB).filter((message) => message.role === 'user').map((message) => message.content), ['start', 'explore path B'], 'the conversation after the snapshot is forgotten');
  assert.equal(run.status, 0);
});

test('restore of something that is not a snapshot is E105; snapshot used without a call is E001', async () => {
  const wrong = await project.run('flow main {\n    restore("yesterday")\n}\n');
  assert.match(wrong.stderr, /^RuntimeError: restore\(\) needs a snapshot taken with snapshot\(\), got str "yesterday"\n.*:2:5\n {2}= code E105\n$/);
  const bare = await project.run('flow main {\n    f = snapshot\n}\n');
  assert.match(bare.stderr, /^Error E001: Undeclared identifier 'snapshot'\n[\s\S]*= help: snapshot is called: snap = snapshot\(\) takes the state of the flow, restore\(snap\) puts it back\n/);
  assert.equal(bare.status, 2);
});

const SOLVER = 'agent Solver {\n    prompt: "Solve the problem with the given strategy",\n    model: "openai/test-model"\n}\n';

test('fork runs its branches at the same time and merge best_of keeps the one the weak model picks', async () => {
  server.respondWith((request) => {
    if (systemPromptOf(request).includes('pick the best one')) return { text: '2' };
    return { text: `solution by ${lastUserMessageOf(request)}`, delayMs: 400 };
  });
  const started = performance.now();
  const run = await project.run(`${SOLVER}flow main {
    fork [
        Solver.run("strategy A"),
        Solver.run("strategy B"),
        Solver.run("strategy C")
    ] merge best_of;
    best = fork [Solver.run("strategy A"), Solver.run("strategy B"), Solver.run("strategy C")] merge best_of
    print(best)
}
`);
  assert.ok(performance.now() - started < 2000, 'two forks of three 400 ms branches each take about 800 ms when the branches overlap');
  assert.equal(run.stdout, 'solution by strategy B\n');
  const choice = server.requests.filter((request) => systemPromptOf(request).includes('pick the best one')).at(-1)!;
  assert.equal(lastUserMessageOf(choice), 'Candidates:\n1. solution by strategy A\n\n2. solution by strategy B\n\n3. solution by strategy C');
  assert.equal(run.status, 0);
});

test('vote, weighted_average, first and no merge; failed branches drop out; all failing is E703', async () => {
  server.respondWith((request) => (lastUserMessageOf(request) === 'fail' ? { status: 400, errorMessage: 'scripted refusal' } : { text: lastUserMessageOf(request) }));
  const run = await project.run(`${SOLVER}flow main {
    print(fork [Solver.run("yes"), Solver.run("no"), Solver.run("yes")] merge vote)
    print(fork [2, 4, {"value": 9, "weight": 2}] merge weighted_average)
    print(fork [Solver.run("fail"), Solver.run("second"), Solver.run("third")] merge first)
    print(fork [Solver.run("one"), Solver.run("fail"), Solver.run("three")])
    fork [Solver.run("fail"), Solver.run("fail")] merge vote
}
`);
  assert.equal(run.stdout, 'yes\n6\nsecond\n["one", "three"]\n');
  assert.match(run.stderr, /^ConcurrencyError: every fork branch failed: branch 1: .*scripted refusal; branch 2: .*scripted refusal\n.*:10:5\n {2}= code E703\n$/);
  assert.equal(run.status, 1);
});

const TWO_AGENTS = `agent Careful {
    prompt: "Solve it carefully",
    model: "openai/test-model"
}

agent Quick {
    prompt: "Solve it quickly",
    model: "openai/test-model"
}
`;

test('fork { } and { } runs its blocks side by side; what they assign is the flow\'s; merge() keeps the best', async () => {
  server.respondWith((request) => {
    if (systemPromptOf(request).includes('pick the best one')) return { text: '1' };
    // The careful branch answers last, so its print comes second although it is written first.
    if (systemPromptOf(request).includes('carefully')) return { text: `careful answer to ${lastUserMessageOf(request)}`, delayMs: 300 };
    return { text: `quick answer to ${lastUserMessageOf(request)}` };
  });
  const run = await project.run(`${TWO_AGENTS}flow main {
    task = "route the parcels"
    fork {
        result_a = Careful.run(task);
        print("careful branch done")
    } and {
        result_b = Quick.run(task);
        print("quick branch done")
    }
    print(result_a + " | " + result_b)
    final = merge(result_a, result_b);
    print(final)
}
`);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'quick branch done\ncareful branch done\ncareful answer to route the parcels | quick answer to route the parcels\ncareful answer to route the parcels\n');
  const choice = server.requests.find((request) => systemPromptOf(request).includes('pick the best one'))!;
  assert.equal(lastUserMessageOf(choice), 'Candidates:\n1. careful answer to route the parcels\n\n2. quick answer to route the parcels');
  assert.equal(run.status, 0);
});

test('a failing fork block raises its error once the other blocks have ended; return cannot leave a branch', async () => {
  server.respondWith((request) => (systemPromptOf(request).includes('carefully') ? { status: 400, errorMessage: 'scripted refusal' } : { text: 'quick answer', delayMs: 200 }));
  const run = await project.run(`${TWO_AGENTS}flow main {
    fork {
        result_a = Careful.run("task")
    } and {
        result_b = Quick.run("task")
        print("quick branch done: " + result_b)
    }
    print("not reached")
}
`);
  assert.equal(run.stdout, 'quick branch done: quick answer\n');
  assert.match(run.stderr, /^RuntimeError: agent 'Careful' failed: .*scripted refusal\n[\s\S]*= code E101\n$/);
  assert.equal(run.status, 1);

  const leaving = await project.run('flow main {\n    fork {\n        return 1\n    } and {\n        print(2)\n    }\n}\n');
  assert.match(leaving.stderr, /^Error E004: Syntax error: 'return' cannot leave a fork branch\n[\s\S]*= help: the branches run side by side/);
  assert.equal(leaving.status, 2);
});

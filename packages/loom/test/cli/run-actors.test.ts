/**
 * Actors, end to end through `loom run` against the fake model server, with the programs of
 * the Nexa actor chapter (part2_actor): `spawn Agent(...)` starts the agent concurrently,
 * `pass` leaves messages in its mailbox (both spellings), `await` gives its last answer
 * (with a time limit too), a spawned flow takes its messages with `receive()`, and actors
 * stand in a `|>>` fan-out. The failures name their codes: E701, E702, E105, E101.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';
import type { CapturedRun } from './run-in-process.js';

/** How long the Analyzer's replies are held back: the three spawned calls must all be asked within it. */
const ANALYZER_DELAY_MS = 600;
const BAD_REQUEST = 400;

interface Message {
  readonly role: string;
  readonly content: string;
}

const messagesOf = (request: RecordedRequest): Message[] => request.body['messages'] as Message[];

let server: FakeModelServer;
let root: string;
const analyzerArrivals: number[] = [];

/** Answers by the agent's prompt; a Worker counts the earlier turns of its conversation. */
function respond(request: RecordedRequest): ScriptedReply {
  const messages = messagesOf(request);
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const input = messages.at(-1)?.content ?? '';
  if (system.includes('分析数据')) {
    analyzerArrivals.push(performance.now());
    return { text: `analysed ${input}`, delayMs: ANALYZER_DELAY_MS };
  }
  if (system.includes('处理任务')) {
    const earlier = messages.filter((message) => message.role === 'user').length - 1;
    return { text: `${input} done after ${earlier} earlier` };
  }
  if (system.includes('研究主题')) return { text: `research on ${messages.filter((message) => message.role === 'user').map((message) => message.content).join(' + ')}` };
  if (system.includes('综合')) return { text: `synthesis of ${input.split('\n---\n').length} results` };
  if (system.includes('slow')) return { text: 'too late', delayMs: 5000 };
  if (system.includes('refuse')) return { status: BAD_REQUEST, errorMessage: 'scripted refusal' };
  return { text: 'unexpected request' };
}

before(async () => {
  server = await startFakeModelServer();
  server.respondWith(respond);
  root = mkdtempSync(join(tmpdir(), 'loom-run-actors-'));
  writeFileSync(join(root, 'secrets.nxs'), `${secretsFor(server)}LOOM_DEFAULT_MODEL = "openai/test-model"\n`);
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function run(name: string, source: string): Promise<CapturedRun & { readonly file: string }> {
  const file = join(root, name);
  writeFileSync(file, source);
  return { ...(await runInProcess(['run', file])), file };
}

test('spawn starts each actor at once and await gives its answer (the chapter\'s three Analyzers)', async () => {
  analyzerArrivals.length = 0;
  const result = await run('spawn.nx', `agent Analyzer {
    prompt: "分析数据并返回结果"
}

flow main {
    // 创建三个并行 Actor
    a1 = spawn Analyzer("分析数据集 A");
    a2 = spawn Analyzer("分析数据集 B");
    a3 = spawn Analyzer("分析数据集 C");

    // 等待所有结果
    r1 = await a1;
    r2 = await a2;
    r3 = await a3;

    print(r1, r2, r3)
    print("All analysis completed");
}
`);
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, 'analysed 分析数据集 A analysed 分析数据集 B analysed 分析数据集 C\nAll analysis completed\n');
  assert.equal(analyzerArrivals.length, 3);
  const spread = Math.max(...analyzerArrivals) - Math.min(...analyzerArrivals);
  assert.ok(spread < ANALYZER_DELAY_MS, `the three actors were asked ${spread} ms apart, so one waited for another's answer`);
});

test('pass leaves messages the actor answers in order, as turns of its own conversation; await gives the last answer', async () => {
  const result = await run('pass.nx', `agent Worker {
    prompt: "处理任务"
}

flow main {
    worker = spawn Worker("ready");
    print(worker)

    // 异步发送多个任务
    pass worker, "任务 1";
    pass worker, "任务 2";
    pass "任务 3" to worker;

    // 等待最终结果
    result = await worker;
    print(result)
    print(Worker.run("alone"))
    try { pass worker, "late" } catch (e) { print(e.code, e.message) }
}
`);
  assert.equal(result.stderr, '');
  assert.deepEqual(result.stdout.split('\n'), [
    'Actor(Worker #1, running)',
    '任务 3 done after 3 earlier',
    'alone done after 0 earlier',
    'E702 actor Worker #1 takes no more messages: it was awaited',
    '',
  ]);
  const turns = server.requests.filter((request) => messagesOf(request)[0]?.content === '处理任务').map((request) => messagesOf(request).slice(1).map((message) => `${message.role}:${message.content}`));
  assert.deepEqual(turns.slice(0, 4), [
    ['user:ready'],
    ['user:ready', 'assistant:ready done after 0 earlier', 'user:任务 1'],
    ['user:ready', 'assistant:ready done after 0 earlier', 'user:任务 1', 'assistant:任务 1 done after 1 earlier', 'user:任务 2'],
    ['user:ready', 'assistant:ready done after 0 earlier', 'user:任务 1', 'assistant:任务 1 done after 1 earlier', 'user:任务 2', 'assistant:任务 2 done after 2 earlier', 'user:任务 3'],
  ]);
});

test('a spawned flow takes its messages with receive(); null ends them once it is awaited, or when the time limit passes', async () => {
  const result = await run('receive.nx', `flow collector() {
    got = []
    while true {
        msg = receive()
        if msg == null { break }
        got.append(msg)
    }
    return got
}

flow waiter() {
    return receive(0.05) ?? "nothing came"
}

flow main {
    processor = spawn collector();
    pass processor, "Hello";
    pass processor, "World";
    print(await processor)
    print(await spawn waiter())
    try { receive() } catch (e) { print(e.code, e.message) }
}
`);
  assert.equal(result.stderr, '');
  assert.deepEqual(result.stdout.split('\n'), [
    '["Hello", "World"]',
    'nothing came',
    'E105 receive() takes the next message of the actor it runs in, and this code is not running in one: start it with spawn, then pass it messages',
    '',
  ]);
});

test('actors in a |>> fan-out are passed the input and awaited, and &>> merges their answers (Fan-out / Fan-in)', async () => {
  const result = await run('fan-out.nx', `agent Researcher {
    prompt: "研究主题"
}

agent Synthesizer {
    prompt: "综合多个研究结果"
}

flow main {
    topic = "量子计算应用";

    researchers = topic |>> [
        spawn Researcher("角度 A"),
        spawn Researcher("角度 B")
    ];
    print(researchers)

    final = researchers &>> Synthesizer;
    print(final);
}
`);
  assert.equal(result.stderr, '');
  assert.equal(result.stdout, '["research on 角度 A + 量子计算应用", "research on 角度 B + 量子计算应用"]\nsynthesis of 2 results\n');
});

test('await with a time limit in seconds cancels a late actor (E701); a failed answer is raised at await', async () => {
  const result = await run('failures.nx', `agent Slow { prompt: "slow" }
agent Broken { prompt: "refuse", retry: 0 }

flow main {
    try { r = await spawn Slow("start"), 0.2 } catch (e) { print(e.code, e.message) }
    b = spawn Broken("start")
    try { r = await b } catch (e) { print(e.code) }
    r = await b
}
`);
  assert.deepEqual(result.stdout.split('\n'), [
    'E701 actor Slow #1 did not finish within 200 ms and was cancelled',
    'E101',
    '',
  ]);
  // Reported at the await that raised it: no line of the program runs the actor's agent call.
  assert.match(result.stderr, /^RuntimeError: agent 'Broken' failed: .*scripted refusal\n/);
  assert.ok(result.stderr.endsWith(`  --> ${result.file}:8:9\n  = code E101\n`), result.stderr);
  assert.equal(result.status, 1);
});

test('an actor that failed with no one awaiting it fails the run, reported at its spawn', async () => {
  const result = await run('lost.nx', `agent Broken { prompt: "refuse", retry: 0 }

flow main {
    b = spawn Broken("start")
    sleep_ms(300)
    print("main ended")
}
`);
  assert.equal(result.stdout, 'main ended\n');
  assert.match(result.stderr, /^RuntimeError: agent 'Broken' failed: .*scripted refusal\n/);
  assert.ok(result.stderr.endsWith(`  --> ${result.file}:4:9\n  = code E101\n`), result.stderr);
  assert.equal(result.status, 1);
});

/**
 * The concurrency builtins as a program sees them: tasks, channels, parallel/race, timers and
 * select, each registry code (E701, E702, E703) at its documented cause, behaviour under load,
 * and cancellation reaching the HTTP requests and agent calls of a cancelled task.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { runSource } from '../run-source.js';

/** Long enough for a request started by a task to reach the server before the task is cancelled. */
const REQUEST_UNDER_WAY_MS = 300;

async function output(source: string): Promise<string> {
  const run = await runSource(source);
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

describe('tasks', () => {
  it('spawn a closure or a flow call, and await gives its value', async () => {
    const source = 'flow double(n) {\n    sleep_ms(5)\n    return n * 2\n}\nflow main {\n    let a = spawn(fn() { "closure" })\n    let b = spawn double(21)\n    print(await a, await b, std.concurrent.await_task(b))\n}\n';
    assert.equal(await output(source), 'closure 42 42\n');
  });

  it('E701: awaiting a cancelled task', async () => {
    const source = 'flow main {\n    let t = spawn(fn() { sleep_ms(5000) })\n    cancel_task(t)\n    try { await t } catch (e) { print(e.code, e.name, e.message) }\n}\n';
    assert.equal(await output(source), 'E701 ConcurrencyError task #1 was cancelled\n');
  });

  it('E701: a task past the time limit of await is cancelled', async () => {
    const source = 'flow main {\n    let t = spawn(fn() { sleep_ms(5000) })\n    try { await t, 0.02 } catch (e) { print(e.code, e.message) }\n    print(try_await(spawn(fn() { 1 })))\n}\n';
    assert.equal(await output(source), 'E701 task #1 did not finish within 20 ms and was cancelled\nnull\n');
  });

  it('an uncaught E701 is reported at the await with its code', async () => {
    const run = await runSource('flow main {\n    let t = spawn(fn() { sleep_ms(5000) })\n    cancel_task(t)\n    await t\n}\n');
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^ConcurrencyError: task #1 was cancelled\n {2}--> program\.nx:4:5\n {2}= code E701\n$/);
  });

  it('a task failure nobody awaited fails the run when the program ends', async () => {
    const run = await runSource('flow main {\n    spawn(fn() { raise Error("lost") })\n    sleep_ms(10)\n    print("main done")\n}\n');
    assert.equal(run.status, 1);
    assert.equal(run.stdout, 'main done\n');
    assert.match(run.stderr, /^Error: lost\n/);
  });

  it('tasks still running when the program ends are cancelled, not waited for', async () => {
    const started = Date.now();
    const run = await runSource('flow main {\n    spawn(fn() { sleep_ms(5000)\n        print("never") })\n    after("5s", fn() { print("never") })\n    schedule(1000, fn() { print("never") })\n}\n');
    assert.equal(run.status, 0, run.stderr);
    assert.ok(Date.now() - started < 2000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(run.stdout, '');
  });
});

describe('parallel and race', () => {
  it('parallel keeps the order of its branches, in the call and bracket forms', async () => {
    const source = 'flow one() { return 1 }\nflow main {\n    print(parallel([fn() { sleep_ms(20)\n        return "a" }, fn() { "b" }]))\n    print(parallel [one, fn() { 2 }])\n}\n';
    assert.equal(await output(source), '["a", "b"]\n[1, 2]\n');
  });

  it('a failing branch of parallel cancels the others and is raised', async () => {
    const source = 'flow main {\n    try {\n        parallel([fn() { sleep_ms(50)\n            print("not cancelled") }, fn() { raise Error("boom") }])\n    } catch (e) { print(e.message) }\n    sleep_ms(80)\n}\n';
    assert.equal(await output(source), 'boom\n');
  });

  it('race gives the first success even after a failure, and cancels the losers', async () => {
    const source = 'flow main {\n    print(race [fn() { raise Error("x") }, fn() { sleep_ms(10)\n        return "second" }, fn() { sleep_ms(60)\n        print("loser ran on") }])\n    sleep_ms(100)\n}\n';
    assert.equal(await output(source), 'second\n');
  });

  it('E703: every branch of a race failed, each reason listed', async () => {
    const source = 'flow main {\n    try { race([fn() { raise Error("a") }, fn() { 1 / 0 }]) } catch (e) { print(e.code, e.message) }\n}\n';
    assert.match(await output(source), /^E703 every branch of the race failed \(branch 1: a; branch 2: .+\)\n$/);
  });
});

describe('channels', () => {
  it('send and recv between tasks; try_recv and recv_timeout answer null when nothing came', async () => {
    const source = 'flow main {\n    let (tx, rx) = channel()\n    spawn(fn() { send(tx, "hello") })\n    print(recv(rx))\n    print(try_recv(rx), recv_timeout(rx, 10))\n    let [tx2, rx2] = std.concurrent.channel()\n    std.concurrent.send(tx: tx2, value: "named")\n    print(std.concurrent.recv(rx: rx2))\n}\n';
    assert.equal(await output(source), 'hello\nnull null\nnamed\n');
  });

  it('E702: closing either end makes later sends fail; receivers drain first', async () => {
    const source = [
      'flow main {',
      '    let (tx, rx) = channel()',
      '    send(tx, "kept")',
      '    close(rx)',
      '    try { send(tx, "x") } catch (e) { print(e.code, e.message) }',
      '    print(recv(rx))',
      '    try { recv(rx) } catch (e) { print(e.code, e.message) }',
      '    let (tx2, rx2) = channel()',
      '    close(tx2)',
      '    try { send(tx2, "x") } catch (e) { print(e.code) }',
      '    print(try_recv(rx2))',
      '}',
      '',
    ].join('\n');
    assert.equal(await output(source), 'E702 channel #1 is closed: cannot send\nkept\nE702 channel #1 is closed and has no messages left\nE702\nnull\n');
  });

  it('E702: a receiver waiting when the channel is closed', async () => {
    const source = 'flow main {\n    let (tx, rx) = channel()\n    after(10, fn() { close(tx) })\n    try { recv(rx) } catch (e) { print(e.code) }\n}\n';
    assert.equal(await output(source), 'E702\n');
  });

  it('select answers the first channel with a message, a timeout, or that all are closed', async () => {
    const source = [
      'flow main {',
      '    let (tx1, rx1) = channel()',
      '    let (tx2, rx2) = channel()',
      '    after("10ms", fn() { send(tx2, "second") })',
      '    let got = select([rx1, rx2], 1000)',
      '    print(got.status, got.value, got.channel == rx2)',
      '    print(select([rx1, rx2], 10).status)',
      '    close(rx1)',
      '    close(rx2)',
      '    print(select([rx1, rx2]).status)',
      '}',
      '',
    ].join('\n');
    assert.equal(await output(source), 'ok second true\ntimeout\nclosed\n');
  });

  it('schedule runs every interval until cancel_schedule', async () => {
    const source = 'flow main {\n    let (tx, rx) = channel()\n    let s = schedule(5, fn() { send(tx, 1) })\n    recv(rx)\n    recv(rx)\n    recv(rx)\n    cancel_schedule(s)\n    sleep_ms(30)\n    let late = try_recv(rx)\n    print(late == null or late == 1, try_recv(rx))\n}\n';
    assert.equal(await output(source), 'true null\n');
  });
});

/**
 * A duration written with a unit is its real length wherever a timer reads it, while a plain
 * number stays milliseconds (Nexa's `after(5000, f)`). Each check waits for something that
 * must NOT have happened yet with a short plain-milliseconds timeout, then for what must have
 * happened with a generous one, so a loaded machine can only make it slower, never wrong.
 */
describe('durations written with a unit', () => {
  it('after(300ms, f) has not fired at 50 ms and has by 2 s (Nexa reference §3.12)', async () => {
    const source = 'flow main {\n    let (tx, rx) = channel()\n    after(300ms, fn() { send(tx, "fired") })\n    print(recv_timeout(rx, 50))\n    print(recv_timeout(rx, 2000))\n}\n';
    assert.equal(await output(source), 'null\nfired\n');
  });

  it('std.concurrent.after and named arguments, schedule (every 300ms) and sleep_ms read the unit too', async () => {
    const source = [
      'flow main {',
      '    let (tx, rx) = channel()',
      '    std.concurrent.after(delay: 0.3s, handler: fn() { send(tx, "after") })',
      '    let s = schedule(every 300ms, fn() { send(tx, "tick") })',
      '    spawn(fn() {',
      '        sleep_ms(ms: 300ms)',
      '        send(tx, "slept")',
      '    })',
      '    print(recv_timeout(rx, 50))',
      '    let got = [recv_timeout(rx, 2000), recv_timeout(rx, 2000), recv_timeout(rx, 2000)]',
      '    cancel_schedule(s)',
      '    print(sorted(got))',
      '}',
      '',
    ].join('\n');
    assert.equal(await output(source), 'null\n["after", "slept", "tick"]\n');
  });

  it('the timeouts of recv_timeout, select and await_task wait the length written', async () => {
    const source = [
      'flow main {',
      '    let (tx, rx) = channel()',
      '    after(100, fn() { send(tx, "recv") })',
      '    print(recv_timeout(rx, 2s))',
      '    after(100, fn() { send(tx, "select") })',
      '    print(select([rx], timeout: 2s).value)',
      '    let t = spawn(fn() {',
      '        sleep_ms(100)',
      '        "task"',
      '    })',
      '    print(await_task(t, 2s))',
      '}',
      '',
    ].join('\n');
    assert.equal(await output(source), 'recv\nselect\ntask\n');
  });

  it('a duration stays a number of seconds everywhere else', async () => {
    const source = 'flow main {\n    let d = 500ms\n    print(d, d * 2, d < 1, 2m == 120, std.json.stringify({wait: 1500ms}))\n    std.time.sleep(10ms)\n    print(1s |> str)\n}\n';
    assert.equal(await output(source), '0.5 1 true true {"wait":1.5}\n1\n');
  });
});

describe('under load', () => {
  it('a channel carries every message of 20 producers, each in its order', async () => {
    const source = [
      'flow produce(tx, p) {',
      '    for i in range(200) { send(tx, [p, i]) }',
      '}',
      'flow main {',
      '    let (tx, rx) = channel()',
      '    // A flow call per producer: closures would all see the last p (variables are per body, as in Python).',
      '    for p in range(20) { spawn produce(tx, p) }',
      '    let next = {}',
      '    let ok = true',
      '    for n in range(4000) {',
      '        let (p, i) = recv(rx)',
      '        if (next[str(p)] ?? 0) != i { ok = false }',
      '        next[str(p)] = i + 1',
      '    }',
      '    print(ok, len(next), try_recv(rx))',
      '}',
      '',
    ].join('\n');
    assert.equal(await output(source), 'true 20 null\n');
  });

  it('300 races each give their winner and no loser runs on', async () => {
    const program = [
      'flow one_race(n) {',
      '    return race [fn() { sleep_ms(40)',
      '        print("loser")',
      '        return -1 }, fn() { sleep_ms(1)',
      '        return n }]',
      '}',
      'flow main {',
      '    let tasks = []',
      '    for n in range(300) { tasks = tasks + [spawn one_race(n)] }',
      '    let total = 0',
      '    for t in tasks { total = total + await t }',
      '    print(total)',
      '    sleep_ms(80)',
      '}',
      '',
    ].join('\n');
    assert.equal(await output(program), `${(299 * 300) / 2}\n`);
  });

  it('1000 cancelled tasks all raise E701 at once', async () => {
    const source = [
      'flow main {',
      '    let tasks = []',
      '    for n in range(1000) { tasks = tasks + [spawn(fn() { sleep_ms(10000) })] }',
      '    for t in tasks { cancel_task(t) }',
      '    let cancelled = 0',
      '    for t in tasks {',
      '        try { await t } catch (e) { if e.code == "E701" { cancelled = cancelled + 1 } }',
      '    }',
      '    print(cancelled)',
      '}',
      '',
    ].join('\n');
    const started = Date.now();
    assert.equal(await output(source), '1000\n');
    assert.ok(Date.now() - started < 5000);
  });
});

describe('cancellation reaches the outside world', () => {
  let server: Server;
  let base: string;
  /** Requests whose client went away before they were answered. */
  let abandoned = 0;

  before(async () => {
    server = createServer((request, response) => {
      request.resume();
      // Every request hangs (a slow page, a model that never answers) until its client gives up.
      response.on('close', () => {
        if (!response.writableEnded) abandoned += 1;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  async function abandonedAfter(source: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
    const before = abandoned;
    const run = await runSource(source, { env });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'fast\nE701\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    return abandoned - before;
  }

  it('the HTTP request of a cancelled task is aborted', async () => {
    const source = `flow main {\n    print(race [fn() { std.http.get("${base}/slow") }, fn() { sleep_ms(${REQUEST_UNDER_WAY_MS})\n        return "fast" }])\n    let t = spawn(fn() { std.http.get("${base}/slow") })\n    sleep_ms(${REQUEST_UNDER_WAY_MS})\n    cancel_task(t)\n    try { await t } catch (e) { print(e.code) }\n}\n`;
    assert.equal(await abandonedAfter(source), 2);
  });

  it('the agent call of a cancelled task is aborted', async () => {
    const source = `agent Slow { prompt: "think", model: "openai/test-model" }\nflow main {\n    print(race [fn() { Slow.run("x") }, fn() { sleep_ms(${REQUEST_UNDER_WAY_MS})\n        return "fast" }])\n    let t = spawn(fn() { Slow.run("y") })\n    sleep_ms(${REQUEST_UNDER_WAY_MS})\n    cancel_task(t)\n    try { await t } catch (e) { print(e.code) }\n}\n`;
    assert.equal(await abandonedAfter(source, { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${base}/v1` }), 2);
  });
});

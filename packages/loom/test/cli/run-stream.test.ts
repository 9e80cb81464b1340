/**
 * `stream: true` through `loom run`: the answer reaches stdout while the model is still
 * writing it, and printing that answer afterwards does not show it twice.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { main } from '../../src/cli.js';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';

const STALL_MS = 300;
/** Timers may fire a little early; the second piece must still come clearly later. */
const MIN_GAP_MS = STALL_MS / 2;

const PROGRAM = `protocol Verdict { ok: "bool" }
agent Talker { role: "Talker", model: "openai/test-model", stream: true }
agent Mumbler { role: "Mumbler", model: "openai/test-model", stream: true }
agent Plain { role: "Plain", model: "openai/test-model" }
agent Judge implements Verdict { role: "Judge", model: "openai/test-model", stream: true }
flow main {
    answer = Talker.run("hi")
    print(answer)
    Mumbler.run("psst")
    print(Plain.run("x"))
    print(Judge.run("y").ok)
}
`;

let server: FakeModelServer;
let root: string;

before(async () => {
  server = await startFakeModelServer();
  root = mkdtempSync(join(tmpdir(), 'loom-run-stream-'));
  writeFileSync(join(root, 'secrets.nxs'), secretsFor(server));
  writeFileSync(join(root, 'main.nx'), PROGRAM);
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('a streaming agent shows its answer as it arrives, and printing it does not repeat it', async () => {
  server.enqueue({ text: 'Hello streaming world', stallAfterFirstPieceMs: STALL_MS }, { text: 'mumble' }, { text: 'plain answer' }, { text: '{"ok": true}' });
  const writes: { text: string; at: number }[] = [];
  const status = await main(['run', join(root, 'main.nx')], {
    stdout: { write: (text: string) => writes.push({ text, at: performance.now() }) },
    stderr: { write: (text: string) => writes.push({ text: `stderr: ${text}`, at: performance.now() }) },
    env: {},
  });
  assert.equal(status, 0);
  assert.equal(writes.map((write) => write.text).join(''), 'Hello streaming world\nmumble\nplain answer\ntrue\n');
  const [first, second] = writes;
  assert.equal(first.text, 'Hello strea', 'the first piece is written on its own, before the model finished');
  assert.ok(second.at - first.at >= MIN_GAP_MS, `the rest came ${second.at - first.at} ms later`);
  const streamedRequests = server.requests.map((request) => request.body['stream'] === true);
  assert.deepEqual(streamedRequests, [true, true, false, true]);
});

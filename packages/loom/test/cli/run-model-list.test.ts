/**
 * The Nexa reference's multi-level fallback, `model: ["openai/gpt-4", fallback: "...", ...]`:
 * the first entry is the model and each `fallback:` entry a fallback in order, exactly as the
 * properties `model:` and `fallback: [...]` are. Through `loom validate` and `loom run`
 * against the fake model server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';

const PROGRAM = `agent Resilient {
    model: ["openai/primary", fallback: "local/backup-1", fallback: "anthropic/backup-2"],
    prompt: "Answer briefly"
}
flow main {
    print(Resilient.run("hello"))
}
`;

let server: FakeModelServer;
let root: string;

before(async () => {
  server = await startFakeModelServer();
  server.respondWith((request) => (request.body['model'] === 'backup-2' ? { text: 'from backup 2' } : { status: 401 }));
  root = mkdtempSync(join(tmpdir(), 'loom-model-list-'));
  writeFileSync(join(root, 'secrets.nxs'), secretsFor(server));
  writeFileSync(join(root, 'main.nx'), PROGRAM);
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('a model list validates and falls back through its entries in order', async () => {
  assert.equal((await runInProcess(['validate', join(root, 'main.nx')])).status, 0);
  const run = await runInProcess(['run', join(root, 'main.nx')]);
  assert.deepEqual(run, { status: 0, stdout: 'from backup 2\n', stderr: '' });
  assert.deepEqual(server.requests.map((request) => `${request.format}:${String(request.body['model'])}`), [
    'openai:primary',
    'openai:backup-1',
    'anthropic:backup-2',
  ]);
});

test('a model list entry that is not labelled fallback: is a syntax error naming the form', async () => {
  const file = join(root, 'unlabelled.nx');
  writeFileSync(file, 'agent A {\n    model: ["openai/a", fallback: "openai/b", "openai/c"],\n    prompt: "p"\n}\n');
  const validated = await runInProcess(['validate', file]);
  assert.equal(validated.status, 2);
  assert.match(validated.stderr, /^Error E004: Syntax error: after the model, each entry of a model list is 'fallback: "provider\/model"', found string "openai\/c"\n --> .*unlabelled\.nx:2:47\n/);
  assert.equal(validated.stderr.match(/^Error/gm)?.length, 1, 'one mistake, one error');
});

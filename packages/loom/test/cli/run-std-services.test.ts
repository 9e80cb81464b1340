/**
 * `uses std.http` and `uses std.shell` end to end through `loom run`: the model calls the
 * tools by function calling, a failure reaches it as a structured E102, and a flow catches the
 * E102 of a direct call.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';

const NOT_FOUND = 404;

let models: FakeModelServer;
let site: Server;
let siteUrl: string;
let root: string;

interface Message {
  readonly role: string;
  readonly content: string;
}

/** The agent asks for its tool once, then answers with what the tool gave it. */
function respond(request: RecordedRequest): ScriptedReply {
  const messages = request.body['messages'] as Message[];
  const result = messages.find((message) => message.role === 'tool');
  if (result !== undefined) return { text: `tool said ${result.content}` };
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  if (system.includes('Fetcher')) return { toolCalls: [{ name: 'std_http_get', arguments: { url: `${siteUrl}/price` } }] };
  return { toolCalls: [{ name: 'std_shell_execute', arguments: { command: 'node -e "process.stdout.write(String(6 * 7))"' } }] };
}

const PROGRAM = `agent Fetcher uses std.http { role: "Fetcher", model: "openai/test-model" }
agent Operator uses std.shell { role: "Operator", model: "openai/test-model" }
flow main {
    print(Fetcher.run("what does the price page say?"))
    print(Operator.run("what is six times seven?"))
    try { std.http.get(env_url + "/missing") } catch (e) { print(e.code, e.message) }
}
`;

before(async () => {
  models = await startFakeModelServer();
  models.respondWith(respond);
  site = createServer((request, response) => {
    if (request.url === '/price') response.end('3 euros');
    else response.writeHead(NOT_FOUND).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  root = mkdtempSync(join(tmpdir(), 'loom-run-std-'));
  writeFileSync(join(root, 'secrets.nxs'), secretsFor(models));
  writeFileSync(join(root, 'main.nx'), `env_url = "${siteUrl}"\n${PROGRAM}`);
});

after(async () => {
  await models.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

test('agents fetch with std.http and run commands with std.shell only after the opt-in', async () => {
  const file = join(root, 'main.nx');
  const missing = `E102 std.http GET ${siteUrl}/missing: answered HTTP 404`;
  const refused = await runInProcess(['run', file], { PATH: process.env['PATH'] });
  assert.equal(refused.status, 0, refused.stderr);
  const [fetched, operated, caught] = refused.stdout.split('\n');
  assert.equal(fetched, 'tool said 3 euros');
  assert.equal(JSON.parse(operated.replace('tool said ', '')).error.code, 'E102');
  assert.match(operated, /running commands is off; set LOOM_ALLOW_SHELL=1/);
  assert.equal(caught, missing);

  const allowed = await runInProcess(['run', file], { PATH: process.env['PATH'], LOOM_ALLOW_SHELL: '1' });
  assert.equal(allowed.stdout.split('\n')[1], 'tool said {"stdout":"42","stderr":"","exit_code":0}');
});

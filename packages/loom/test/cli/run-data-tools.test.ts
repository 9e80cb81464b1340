/**
 * `uses std.db`, `std.kv` and `std.auth` end to end through `loom run`: a loopback
 * OpenAI-compatible model server issues the tool calls, and the program sees their effects on
 * its own declared handles (the model names a handle by its declaration, never a URL). A
 * wrong handle name reaches the model as E102 listing the declared ones; `uses std.db` in a
 * program that declares no database is refused at compile time.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeModelServer } from '../support/fake-model-server.js';
import type { FakeModelServer, RecordedRequest, ScriptedReply, ScriptedToolCall } from '../support/fake-model-server.js';
import { secretsFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';

interface Message {
  readonly role: string;
  readonly content: string;
}

/** Each agent's tool calls, one list per model turn; after the last turn it answers with the tool results it saw. */
const SCRIPTS: Readonly<Record<string, readonly (readonly ScriptedToolCall[])[]>> = {
  Clerk: [
    [
      { name: 'std_db_execute', arguments: { db: 'app', sql: 'INSERT INTO notes (body) VALUES (?)', params: ['buy milk'] } },
      { name: 'std_db_execute', arguments: { db: 'prod', sql: 'DELETE FROM notes', params: [] } },
    ],
    [{ name: 'std_db_query_one', arguments: { db: 'app', sql: 'SELECT count(*) AS n FROM notes WHERE body = ?', params: ['buy milk'] } }],
  ],
  Keeper: [
    [
      { name: 'std_kv_incr', arguments: { kv: 'cache', key: 'visits', by: 1 } },
      { name: 'std_kv_set', arguments: { kv: 'cache', key: 'last', value: { who: 'ada' } } },
    ],
    [{ name: 'std_kv_get', arguments: { kv: 'cache', key: 'gone' } }],
  ],
  Guard: [
    [{ name: 'std_auth_jwt_sign', arguments: { claims: { sub: 'ada' } } }],
    [{ name: 'std_auth_api_key_generate', arguments: { agent_name: 'Reporter', expires_in: 60 } }],
  ],
};

function respond(request: RecordedRequest): ScriptedReply {
  const messages = request.body['messages'] as Message[];
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const agent = Object.keys(SCRIPTS).find((name) => system.includes(`role ${name}`));
  if (agent === undefined) return { text: 'unexpected request' };
  const results = messages.filter((message) => message.role === 'tool').map((message) => message.content);
  const turn = messages.filter((message) => message.role === 'assistant').length;
  const calls = SCRIPTS[agent][turn];
  return calls === undefined ? { text: results.join(' | ') } : { toolCalls: calls };
}

const PROGRAM = `agent Clerk uses std.db.sqlite { role: "role Clerk", prompt: "Keep notes", model: "openai/test-model" }
agent Keeper uses std.kv { role: "role Keeper", prompt: "Count visits", model: "openai/test-model" }
agent Guard uses std.auth { role: "role Guard", prompt: "Issue credentials", model: "openai/test-model" }
db app = connect("sqlite://notes.db")
kv cache = open(":memory:")
auth site { type: "jwt", secret: "a-test-secret-of-some-length" }

flow main {
    app.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    cache.set("visits", 41)
    print(Clerk.run("note that I need milk"))
    print(app.query("SELECT body FROM notes"))
    print(Keeper.run("count a visit"))
    print(cache.get("visits"), cache.get_dict("last"))
    answer = Guard.run("sign me in")
    parts = answer.split(" | ")
    print(std.auth.jwt_verify(parts[0])["sub"])
    print(std.auth.api_key_verify(parts[1])["agent_name"])
}
`;

let server: FakeModelServer;
let root: string;

before(async () => {
  server = await startFakeModelServer();
  server.respondWith(respond);
  root = mkdtempSync(join(tmpdir(), 'loom-i13b-data-tools-'));
  writeFileSync(join(root, 'secrets.nxs'), secretsFor(server));
  writeFileSync(join(root, 'main.nx'), PROGRAM);
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('agents read and write the declared database, store and auth settings through std tools', async () => {
  const run = await runInProcess(['run', join(root, 'main.nx')]);
  assert.equal(run.stderr, '');
  const lines = run.stdout.split('\n');
  assert.match(lines[0], /^1 \| \{"error":\{"code":"E102","message":"tool 'std_db_execute': 'prod' is not a declared db handle \(the program declares 'app'\)"\}\} \| \{"n":1\}$/);
  assert.equal(lines[1], '[{"body": "buy milk"}]');
  assert.match(lines[2], /^42 \| null \| \{"error":\{"code":"E102","message":"tool 'std_kv_get' failed: key 'gone' not found \(missing, deleted or expired\)"\}\}$/);
  assert.equal(lines[3], '42 {"who": "ada"}');
  assert.deepEqual(lines.slice(4), ['ada', 'Reporter', '']);
  assert.equal(run.status, 0);
  const offered = (server.requests.find((request) => JSON.stringify(request.body).includes('role Clerk'))?.body['tools'] ?? []) as { function: { name: string; parameters: { properties: Record<string, { description?: string }> } } }[];
  assert.deepEqual(offered.map((tool) => tool.function.name), ['std_db_query', 'std_db_query_one', 'std_db_execute']);
  assert.match(offered[0].function.parameters.properties['db'].description ?? '', /one of: "app"/);
  const guardTools = JSON.stringify(server.requests.find((request) => JSON.stringify(request.body).includes('role Guard'))?.body['tools']);
  assert.doesNotMatch(guardTools, /secret/i, 'no tool asks the model for a secret');
});

test('uses std.db without a declared database is refused at compile time, naming the fix', async () => {
  const file = join(root, 'no-db.nx');
  writeFileSync(file, 'agent Clerk uses std.db { role: "role Clerk", model: "openai/test-model" }\nflow main { print(Clerk.run("hi")) }\n');
  const run = await runInProcess(['run', file]);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /agent Clerk uses std\.db, whose tools work on the program's declared db handles by name, and the program declares none: add db NAME = connect/);
  assert.equal(run.stdout, '');
});

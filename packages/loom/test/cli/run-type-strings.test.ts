/**
 * Types written as strings (protocol fields) mean at run time what `loom validate` read them
 * as: unions, optionals and nested arguments are checked, not waved through as untyped.
 * Through `loom run`, as a parameter type (E302/E301) and as an agent's protocol (E303).
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

const MEASURES = `protocol Measure { value: "int | float", unit: "str?", tags: "list[str | int]" }
flow show(m: Measure) -> str {
    return "#{m.value} #{m.unit}"
}
flow main {
    print(show({"value": 2.5, "unit": "kg", "tags": ["a", 1]}))
    print(show({"value": 3, "unit": null, "tags": []}))
    print(show({"value": "heavy", "unit": "kg", "tags": []}))
    print(show({"value": 1, "unit": 7, "tags": []}))
    print(show({"value": 1, "unit": "kg", "tags": [true]}))
}
`;

const AGENT = `protocol Reading { value: "int | float", note: "str?" }
agent Meter implements Reading { role: "Meter", prompt: "Read the meter", model: "openai/test-model", retry: 1 }
flow main {
    try { print(Meter.run("first")) } catch (e) { print(e.code, e.message) }
    try { print(Meter.run("second")) } catch (e) { print(e.code, e.message) }
}
`;

/** The first request is answered in the protocol; every later one with a string where a number belongs. */
function meterReply(request: RecordedRequest): ScriptedReply {
  const messages = request.body['messages'] as { role: string; content: string }[];
  const asksFirst = messages.some((message) => message.role === 'user' && message.content.includes('first'));
  return { text: JSON.stringify(asksFirst ? { value: 4.5, note: null } : { value: 'high', note: 'ok' }) };
}

let server: FakeModelServer;
let root: string;

before(async () => {
  server = await startFakeModelServer();
  server.respondWith(meterReply);
  root = mkdtempSync(join(tmpdir(), 'loom-type-strings-'));
  writeFileSync(join(root, 'secrets.nxs'), secretsFor(server));
  writeFileSync(join(root, 'measures.nx'), MEASURES);
  writeFileSync(join(root, 'agent.nx'), AGENT);
});

after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('a union, an optional and a list of a union in protocol field strings validate', async () => {
  const validated = await runInProcess(['validate', join(root, 'measures.nx')]);
  assert.equal(validated.status, 0, validated.stderr);
});

test('a value outside a field string union warns E302 in warn mode, naming the protocol', async () => {
  const run = await runInProcess(['run', join(root, 'measures.nx')]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, '2.5 kg\n3 null\nheavy kg\n1 7\n1 kg\n');
  const warnings = run.stderr.split('\n').filter((line) => line.startsWith('TypeWarning'));
  assert.deepEqual(warnings, [
    // A value too long to quote is described by its type alone.
    "TypeWarning: parameter 'm' of flow show expects Measure, got dict",
    `TypeWarning: parameter 'm' of flow show expects Measure, got dict {"value": 1, "unit": 7, "tags": []}`,
    "TypeWarning: parameter 'm' of flow show expects Measure, got dict",
  ]);
});

test('strict mode stops with E301 at the first value outside the union', async () => {
  const run = await runInProcess(['run', join(root, 'measures.nx')], { LOOM_TYPE_MODE: 'strict' });
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '2.5 kg\n3 null\n');
  assert.match(run.stderr, /^TypeViolation: parameter 'm' of flow show expects Measure, got dict\n {2}--> .*measures\.nx:8:11\n {2}= code E301\n$/);
});

test('bare protocol field types (reference §2.3) are checked as their quoted form is', async () => {
  const file = join(root, 'bare.nx');
  writeFileSync(file, MEASURES.replace('protocol Measure { value: "int | float", unit: "str?", tags: "list[str | int]" }', 'protocol Measure { value: int | float, unit: str?, tags: list[str | int] }'));
  const quoted = await runInProcess(['run', join(root, 'measures.nx')]);
  const bare = await runInProcess(['run', file]);
  assert.equal(bare.status, 0, bare.stderr);
  assert.equal(bare.stdout, quoted.stdout);
  assert.equal(bare.stderr.split('\n').filter((line) => line.startsWith('TypeWarning')).length, 3);
});

test("an agent's reply outside a field string union is re-asked, then E303", async () => {
  const run = await runInProcess(['run', join(root, 'agent.nx')]);
  assert.equal(run.stderr, '');
  assert.equal(
    run.stdout,
    '{"value": 4.5, "note": null}\n' +
      "E303 agent 'Meter' did not return protocol 'Reading' after 2 attempts: 'value' must be int | float, got a string\n",
  );
  const schema = server.requests[0]?.body['response_format'];
  assert.match(JSON.stringify(schema), /"value":\{"anyOf":\[\{"type":"integer"\},\{"type":"number"\}\]\}/);
});

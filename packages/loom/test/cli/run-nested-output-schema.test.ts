/**
 * Nested records in an agent's reply, through `loom run` against the fake model server: the
 * Nexa docs' inline `output_schema` with a list of records (part 1, v2.1 agent properties), and
 * a protocol whose fields are other protocols, named by the context block's `output_schema`
 * (part 2). The model is sent the nested schema (response_format and instructions), its reply is
 * checked at every depth, and a bad field is named by its path when the model is asked again and
 * in the E303.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, test } from 'node:test';
import { temporaryDirectory, useFakeModelServer } from '../support/fake-model-fixture.js';
import type { FakeModelServer, RecordedRequest } from '../support/fake-model-server.js';
import { projectDirFor } from '../support/model-project.js';
import { runInProcess } from './run-in-process.js';

interface Message {
  readonly role: string;
  readonly content: string;
}

const PLANNER = `agent Planner {
    model: "openai/test-model",
    prompt: "Plan the work.",
    output_format: "json",
    output_schema: {
        steps: [{title: "string", description: "string"}],
        estimated_time: "string"
    }
}

flow main {
    plan = Planner.run("ship the release")
    print(plan.steps[1].title, plan.estimated_time, plan.steps[0])
}
`;

const CLERK = `protocol Address { street: "string", city: "string" }
protocol Item { name: "string", quantity: "int" }
protocol Order { id: "int", address: Address, items: "list[Item]", note: "string?" }

agent Clerk {
    model: "openai/test-model",
    retry: 1,
    context { output_schema: Order }
    prompt: "Take the order."
}

flow main {
    try {
        order = Clerk.run("two apples to Main Street")
        print(order.address.city, order.items[0].quantity)
    } catch (e) {
        print(e.code, e.message)
    }
}
`;

let server: FakeModelServer;
let root = '';

useFakeModelServer(
  (started) => (server = started),
  () => temporaryDirectory(root),
);

beforeEach(() => {
  root = projectDirFor(server, 'loom-nested-output-');
});

function messagesOf(request: RecordedRequest): Message[] {
  return request.body['messages'] as Message[];
}

function schemaOf(request: RecordedRequest): unknown {
  return (request.body['response_format'] as { json_schema: { schema: unknown } }).json_schema.schema;
}

test("the docs' Planner: a list of records is sent as a nested schema, checked element by element, and re-asked by path", async () => {
  server.enqueue(
    { text: '{"steps": [{"title": "tag", "description": "cut the tag"}, {"title": 2, "description": "ship"}], "estimated_time": "2d"}' },
    { text: '{"steps": [{"title": "tag", "description": "cut the tag", "extra": 1}, {"title": "publish", "description": "ship"}], "estimated_time": "2d"}' },
  );
  const file = join(root, 'main.nx');
  writeFileSync(file, PLANNER);
  assert.equal((await runInProcess(['validate', file])).status, 0);
  const run = await runInProcess(['run', file]);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'publish 2d {"title": "tag", "description": "cut the tag"}\n');

  const [first, second] = server.requests;
  const step = { type: 'object', properties: { title: { type: 'string' }, description: { type: 'string' } }, required: ['title', 'description'], additionalProperties: false };
  assert.deepEqual(schemaOf(first!), {
    type: 'object',
    properties: { steps: { type: 'array', items: step }, estimated_time: { type: 'string' } },
    required: ['steps', 'estimated_time'],
    additionalProperties: false,
  });
  assert.match(messagesOf(first!)[0]!.content, /exactly these fields and types: \{"steps": list\[\{"title": string, "description": string\}\], "estimated_time": string\}\./);
  assert.match(messagesOf(second!).at(-1)!.content, /^Your reply does not follow protocol 'Planner_output_schema': 'steps\[1\]\.title' must be a string, got an integer\./);
});

test('a protocol nesting protocols: the nested fields are sent and checked, and a missing one is named by its path in the E303', async () => {
  const file = join(root, 'main.nx');
  writeFileSync(file, CLERK);
  server.respondWith(() => ({ text: '{"id": 7, "address": {"street": "Main Street"}, "items": [{"name": "apple", "quantity": 2}]}' }));
  const failed = await runInProcess(['run', file]);
  assert.equal(failed.stdout, "E303 agent 'Clerk' did not return protocol 'Order' after 2 attempts: field 'address.city' is missing\n");
  const address = { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } }, required: ['street', 'city'], additionalProperties: false };
  const item = { type: 'object', properties: { name: { type: 'string' }, quantity: { type: 'integer' } }, required: ['name', 'quantity'], additionalProperties: false };
  assert.deepEqual(schemaOf(server.requests[0]!), {
    type: 'object',
    properties: { id: { type: 'integer' }, address, items: { type: 'array', items: item }, note: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    required: ['id', 'address', 'items', 'note'],
    additionalProperties: false,
  });

  server.reset();
  server.respondWith(() => ({ text: '{"id": 7, "address": {"street": "Main Street", "city": "Springfield"}, "items": [{"name": "apple", "quantity": 2}]}' }));
  const run = await runInProcess(['run', file]);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'Springfield 2\n');
});

test('an inline output_schema field that is neither a type, a record nor a list of one is E002 where it stands', async () => {
  const file = join(root, 'main.nx');
  writeFileSync(file, PLANNER.replace('steps: [{title: "string", description: "string"}]', 'steps: [{title: "string"}, {title: "string"}], owner: {name: 3}'));
  const result = await runInProcess(['validate', file]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /Error E002: Type mismatch: 'output_schema' expects the name of a protocol or its fields, \{ "field": "type", \.\.\. \}: a list field is written with the type of its elements, once\n --> .*main\.nx:6:16\n/);
  assert.match(result.stderr, /Error E002: Type mismatch: 'output_schema' expects .*: a field's type is written as a string, a \{ \.\.\. \} of fields, or \[ one of those \] for a list\n --> .*main\.nx:6:70\n/);
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { protocolSchema, readProtocolReply } from '../../../src/runtime/agents/protocol.js';
import type { ProtocolSpec } from '../../../src/runtime/agents/protocol.js';
import { useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer } from '../../support/fake-model-server.js';
import { createModelProject } from '../../support/model-project.js';
import type { ModelProject } from '../../support/model-project.js';

const REVIEW: ProtocolSpec = {
  name: 'ReviewResult',
  fields: {
    score: { name: 'int' },
    summary: { name: 'string' },
    bugs: { name: 'list', args: [{ name: 'string' }] },
    critical: { name: 'boolean' },
    note: { name: 'Option', args: [{ name: 'str' }] },
  },
};
const GOOD_REVIEW = { score: 8, summary: 'solid', bugs: ['off by one'], critical: false, note: null };

let server: FakeModelServer;
let project: ModelProject;

useFakeModelServer((started) => (server = started), () => project);

describe('protocol schemas and validation', () => {
  it('turns field types into a strict JSON schema', () => {
    assert.deepEqual(protocolSchema(REVIEW), {
      type: 'object',
      properties: {
        score: { type: 'integer' },
        summary: { type: 'string' },
        bugs: { type: 'array', items: { type: 'string' } },
        critical: { type: 'boolean' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['score', 'summary', 'bugs', 'critical', 'note'],
      additionalProperties: false,
    });
  });

  it('accepts a fenced JSON reply and keeps only the declared fields', () => {
    const reading = readProtocolReply(REVIEW, '```json\n' + JSON.stringify({ ...GOOD_REVIEW, extra: 1 }) + '\n```');
    assert.deepEqual(reading, { ok: true, value: GOOD_REVIEW });
  });

  it('names every missing or mistyped field', () => {
    const reading = readProtocolReply(REVIEW, JSON.stringify({ score: 8.5, bugs: ['a', 2], critical: 'no' }));
    assert.deepEqual(reading, {
      ok: false,
      problem: "'score' must be an integer, got a number; field 'summary' is missing; 'bugs[1]' must be a string, got an integer; 'critical' must be a boolean, got a string",
    });
  });

  it('rejects replies that are not a JSON object', () => {
    assert.deepEqual(readProtocolReply(REVIEW, 'Score: 8'), { ok: false, problem: 'the reply is not valid JSON' });
    assert.deepEqual(readProtocolReply(REVIEW, '[1]'), { ok: false, problem: 'the reply must be a JSON object, got a list' });
  });
});

describe('an agent implementing a protocol', () => {
  it('asks for structured output and returns the validated object', async () => {
    project = createModelProject(server);
    server.enqueue({ text: JSON.stringify(GOOD_REVIEW) });
    const result = await project.agent({ prompt: 'Review code.', protocol: REVIEW }).run('code');
    assert.deepEqual(result, GOOD_REVIEW);
    const format = server.requests[0].body.response_format as { type: string; json_schema: { name: string } };
    assert.equal(format.type, 'json_schema');
    assert.equal(format.json_schema.name, 'ReviewResult');
    const system = (server.requests[0].body.messages as { content: string }[])[0].content;
    assert.match(system, /Review code\.\n\nReply with only a JSON object with exactly these fields and types: \{"score": int/);
  });

  it('uses json_object mode with OpenAI-compatible providers other than OpenAI', async () => {
    project = createModelProject(server);
    server.enqueue({ text: JSON.stringify(GOOD_REVIEW) });
    await project.agent({ model: 'local/m', prompt: 'p', protocol: REVIEW }).run('code');
    assert.deepEqual(server.requests[0].body.response_format, { type: 'json_object' });
  });

  it('re-asks with the validation problem and accepts the corrected reply', async () => {
    project = createModelProject(server);
    server.enqueue({ text: JSON.stringify({ ...GOOD_REVIEW, score: 'eight' }) }, { text: JSON.stringify(GOOD_REVIEW) });
    const result = await project.agent({ prompt: 'p', protocol: REVIEW, retry: 1 }).run('code');
    assert.deepEqual(result, GOOD_REVIEW);
    const messages = server.requests[1].body.messages as { role: string; content: string }[];
    assert.equal(messages.at(-2)?.role, 'assistant');
    assert.match(messages.at(-1)?.content ?? '', /does not follow protocol 'ReviewResult': 'score' must be an integer, got a string/);
  });

  it('raises E303 after retry + 1 wrong replies', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'not json' }, { text: '{"score": 1}' });
    const call = project.agent({ prompt: 'p', protocol: REVIEW, retry: 1 }).run('code');
    await assert.rejects(call, (error: unknown) => {
      assert.ok(error instanceof LoomError);
      assert.equal(error.code, 'E303');
      assert.equal(error.name, 'ProtocolError');
      assert.match(error.message, /agent 'Tester' did not return protocol 'ReviewResult' after 2 attempts: field 'summary' is missing/);
      return true;
    });
    assert.equal(server.requests.length, 2);
  });

  it('sends the schema as Ollama format', async () => {
    project = createModelProject(server);
    server.enqueue({ text: JSON.stringify(GOOD_REVIEW) });
    await project.agent({ model: 'ollama/m', prompt: 'p', protocol: REVIEW }).run('code');
    assert.deepEqual(server.requests[0].body.format, protocolSchema(REVIEW));
  });
});

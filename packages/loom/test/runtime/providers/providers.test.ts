import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoomError } from '../../../src/errors.js';
import { joinRunArguments } from '../../../src/runtime/agents/agent.js';
import { ImageInput } from '../../../src/runtime/agents/image-input.js';
import { parseModelReference, ProviderRegistry } from '../../../src/runtime/providers/registry.js';
import { selectSecrets } from '../../../src/runtime/infra/secrets.js';
import { useFakeModelServer } from '../../support/fake-model-fixture.js';
import type { FakeModelServer } from '../../support/fake-model-server.js';
import { createModelProject, TEST_API_KEY } from '../../support/model-project.js';
import type { ModelProject } from '../../support/model-project.js';

let server: FakeModelServer;
let project: ModelProject;

useFakeModelServer((started) => (server = started), () => project);

function registry(entries: Record<string, string>): ProviderRegistry {
  return new ProviderRegistry(selectSecrets({ entries: new Map(Object.entries(entries)), configs: new Map() }, undefined, {}));
}

describe('provider wire formats', () => {
  it('Anthropic: key and version headers, system beside the messages, max_tokens always sent', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'Bonjour' });
    assert.equal(await project.agent({ model: 'anthropic/claude-x', role: 'Translator', prompt: 'To French.' }).run('Hello'), 'Bonjour');
    const [request] = server.requests;
    assert.equal(request.path, '/v1/messages');
    assert.equal(request.headers['x-api-key'], TEST_API_KEY);
    assert.equal(request.headers['anthropic-version'], '2023-06-01');
    assert.equal(request.headers.authorization, undefined);
    assert.equal(request.body.system, 'Your role: Translator\n\nTo French.');
    assert.equal(request.body.max_tokens, 4096);
    assert.deepEqual(request.body.messages, [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]);
  });

  it('Ollama: /api/chat without credentials, settings under options', async () => {
    project = createModelProject(server);
    server.enqueue({ text: 'hi' });
    await project.agent({ model: 'ollama/llama3', prompt: 'p', max_tokens: 20, temperature: 0.5 }).run('x');
    const [request] = server.requests;
    assert.equal(request.path, '/api/chat');
    assert.equal(request.headers.authorization, undefined);
    assert.deepEqual(request.body.options, { num_predict: 20, temperature: 0.5 });
    assert.equal(request.body.stream, false);
  });

  it('images of an input go beside its text in each provider\'s own form', async () => {
    const picture = new ImageInput('cat.png', 'image/png', 'iVBORw0K');
    const input = joinRunArguments(['What is this?', picture]);
    project = createModelProject(server);
    await project.agent({ model: 'anthropic/claude-x', prompt: 'p' }).run(input);
    await project.agent({ model: 'ollama/llava', prompt: 'p' }).run(input);
    await project.agent({ model: 'ollama/llava', prompt: 'p' }).run(picture);
    const [anthropic, ollama, imageOnly] = server.requests;
    assert.deepEqual(anthropic.body.messages, [{
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } }, { type: 'text', text: 'What is this?' }],
    }]);
    assert.deepEqual((ollama.body.messages as unknown[]).at(-1), { role: 'user', content: 'What is this?', images: ['iVBORw0K'] });
    assert.deepEqual((imageOnly.body.messages as unknown[]).at(-1), { role: 'user', content: '', images: ['iVBORw0K'] });
  });

  it('a custom provider speaks chat completions at its own base URL', async () => {
    project = createModelProject(server);
    await project.agent({ model: 'local/qwen', prompt: 'p' }).run('x');
    assert.equal(server.requests[0].path, '/v1/chat/completions');
    assert.equal(server.requests[0].body.model, 'qwen');
  });
});

describe('provider errors', () => {
  it('carry the provider message with any quoted key masked', async () => {
    project = createModelProject(server);
    server.enqueue({ status: 401, errorMessage: `Incorrect API key provided: ${TEST_API_KEY}.` });
    await assert.rejects(project.agent({ prompt: 'p' }).run('x'), (error: unknown) => {
      assert.ok(error instanceof LoomError);
      assert.match(error.message, /answered HTTP 401: Incorrect API key provided: \*\*\*\./);
      assert.ok(!error.message.includes(TEST_API_KEY));
      return true;
    });
  });
});

describe('the provider registry', () => {
  it('splits provider and model at the first slash', () => {
    assert.deepEqual(parseModelReference('OpenRouter/meta/llama-3'), { provider: 'openrouter', model: 'meta/llama-3' });
    assert.throws(() => parseModelReference('gpt-4'), /model 'gpt-4' has no provider prefix/);
  });

  it('forms entry names from the provider name', () => {
    assert.throws(() => registry({}).client('my-llm', 'Bot'), (error: unknown) => {
      assert.ok(error instanceof LoomError);
      assert.equal(error.message, "agent 'Bot' uses provider 'my-llm', which has no endpoint: set MY_LLM_BASE_URL in secrets.nxs or the environment");
      return true;
    });
    assert.throws(() => registry({ MY_LLM_BASE_URL: 'http://127.0.0.1:1/v1' }).client('my-llm', 'Bot'), /set MY_LLM_API_KEY/);
  });

  it('knows the built-in endpoints, so built-in providers need only their key', () => {
    assert.throws(() => registry({}).client('deepseek', 'Bot'), /has no API key: set DEEPSEEK_API_KEY/);
    assert.equal(registry({ DEEPSEEK_API_KEY: 'k' }).client('deepseek', 'Bot').provider, 'deepseek');
    assert.equal(registry({}).client('ollama', 'Bot').provider, 'ollama');
  });
});

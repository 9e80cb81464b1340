import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MAX_ANSWER_CHARS,
  ProviderError,
  streamChat,
  type ChatRequest,
  type ProviderErrorCode,
} from '../../../src/answer-engine/providers/openai-compatible.js';
import { FakeOpenAiServer, splitIntoDeltas, type ProviderReply } from '../../support/openai-server.js';

const API_KEY = 'sk-test-0123456789abcdef';

function chatRequest(baseUrl: string, overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    baseUrl,
    apiKey: API_KEY,
    model: 'gpt-test',
    messages: [
      { role: 'system', content: 'You are a teaching assistant.' },
      { role: 'user', content: 'What did I miss?' },
    ],
    maxTokens: 2048,
    timeoutMs: 5_000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** Reads the whole stream, keeping what arrived before any failure. */
async function read(request: ChatRequest): Promise<{ deltas: string[]; error: unknown }> {
  const deltas: string[] = [];
  try {
    for await (const delta of streamChat(request)) deltas.push(delta);
  } catch (error) {
    return { deltas, error };
  }
  return { deltas, error: undefined };
}

/** The ProviderError a call ends with; fails the test if it ends any other way. */
async function providerFailure(request: ChatRequest): Promise<ProviderError> {
  const { error } = await read(request);
  assert.ok(error instanceof ProviderError, `expected a ProviderError, got ${String(error)}`);
  return error;
}

/** A throwaway self-signed certificate for 127.0.0.1, or null where the openssl tool is missing. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } | null {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-tls-'));
  try {
    const [keyPath, certPath] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const options = ['-x509', '-nodes', '-days', '1', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
    const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
    execFileSync('openssl', ['req', ...options, ...subject, '-keyout', keyPath, '-out', certPath], { stdio: 'ignore' });
    return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function chunk(delta: Record<string, string>, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

describe('streamChat against an OpenAI-compatible server', () => {
  let server: FakeOpenAiServer;
  before(async () => {
    server = await FakeOpenAiServer.start();
  });
  after(() => server.close());

  async function failureFor(reply: ProviderReply, overrides: Partial<ChatRequest> = {}): Promise<ProviderError> {
    server.respondOnceWith(reply);
    return providerFailure(chatRequest(server.baseUrl, overrides));
  }

  describe('a good answer', () => {
    it('yields the deltas in order and posts a streaming chat completion request', async () => {
      server.respondOnceWith({ kind: 'stream', deltas: ['The class', ' covered', ' photosynthesis.'] });
      const before = server.requests.length;
      const { deltas, error } = await read(chatRequest(server.baseUrl));
      assert.equal(error, undefined);
      assert.deepEqual(deltas, ['The class', ' covered', ' photosynthesis.']);

      const [received] = server.requests.slice(before);
      assert.equal(received.method, 'POST');
      assert.equal(received.path, '/v1/chat/completions');
      assert.equal(received.headers.authorization, `Bearer ${API_KEY}`);
      assert.equal(received.headers['content-type'], 'application/json');
      assert.match(received.headers['user-agent'] ?? '', /^Lectern\/\d+\.\d+\.\d+/);
      assert.deepEqual(received.body, {
        model: 'gpt-test',
        messages: [
          { role: 'system', content: 'You are a teaching assistant.' },
          { role: 'user', content: 'What did I miss?' },
        ],
        max_tokens: 2048,
        stream: true,
      });
      assert.equal(await received.outcome, 'completed');
    });

    it('sends max_tokens as given', async () => {
      const before = server.requests.length;
      await read(chatRequest(server.baseUrl, { maxTokens: 48 }));
      assert.equal((server.requests[before].body as { max_tokens: number }).max_tokens, 48);
    });

    it('sends no Authorization header to a loopback provider when there is no key', async () => {
      const before = server.requests.length;
      const { deltas, error } = await read(chatRequest(server.baseUrl, { apiKey: null }));
      assert.equal(error, undefined);
      assert.ok(deltas.length > 0);
      assert.equal(server.requests[before].headers.authorization, undefined);
    });

    it('joins a long answer exactly, through keepalive comments and CRLF line endings', async () => {
      const text = 'Chlorophyll absorbs light; 叶绿素吸收光 🌱. '.repeat(40);
      const sent = splitIntoDeltas(text, 97);
      server.respondOnceWith({ kind: 'stream', deltas: sent, keepalive: true, lineEnding: '\r\n' });
      const { deltas, error } = await read(chatRequest(server.baseUrl));
      assert.equal(error, undefined);
      assert.deepEqual(deltas, sent);
      assert.equal(deltas.join(''), text);
    });

    it('reassembles events and characters that the network splits between reads', async () => {
      const event = chunk({ content: 'Ünïcödé 你好 🎉' });
      const bytes = Buffer.from(event + chunk({}, 'stop') + 'data: [DONE]\n\n');
      const insideEmoji = Buffer.from(event).indexOf(Buffer.from('🎉')) + 2;
      server.respondOnceWith({
        kind: 'raw',
        chunks: [bytes.subarray(0, 9), bytes.subarray(9, insideEmoji), bytes.subarray(insideEmoji)],
        chunkDelayMs: 5,
      });
      const { deltas, error } = await read(chatRequest(server.baseUrl));
      assert.equal(error, undefined);
      assert.equal(deltas.join(''), 'Ünïcödé 你好 🎉');
    });

    it('skips usage chunks without choices', async () => {
      server.respondOnceWith({
        kind: 'raw',
        chunks: [chunk({ role: 'assistant', content: 'Done.' }, 'stop'), `data: ${JSON.stringify({ choices: [], usage: { total_tokens: 9 } })}\n\n`, 'data: [DONE]\n\n'],
      });
      const { deltas, error } = await read(chatRequest(server.baseUrl));
      assert.equal(error, undefined);
      assert.deepEqual(deltas, ['Done.']);
    });

    it('reports [DONE] without a finish reason as incomplete_response (the finish reason is not stop)', async () => {
      server.respondOnceWith({ kind: 'raw', chunks: [chunk({ role: 'assistant', content: 'Done.' }), 'data: [DONE]\n\n'] });
      const { deltas, error } = await read(chatRequest(server.baseUrl));
      assert.deepEqual(deltas, ['Done.']);
      assert.ok(error instanceof ProviderError);
      assert.equal(error.code, 'incomplete_response');
    });
  });

  describe('refusals by HTTP status', () => {
    const cases: [number, ProviderErrorCode][] = [
      [401, 'invalid_key'],
      [403, 'invalid_key'],
      [429, 'rate_limited'],
      [400, 'invalid_model'],
      [404, 'invalid_model'],
      [422, 'invalid_model'],
      [500, 'provider_unavailable'],
      [502, 'provider_unavailable'],
      [503, 'provider_unavailable'],
    ];
    for (const [status, code] of cases) {
      it(`maps HTTP ${status} to ${code} without repeating the provider's body`, async () => {
        const body = JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}`, code: 'provider_detail_xyz' } });
        const error = await failureFor({ kind: 'status', status, body });
        assert.equal(error.code, code);
        assert.ok(!error.message.includes(API_KEY));
        assert.ok(!error.message.includes('provider_detail_xyz'));
      });
    }

    it('does not follow a redirect: one request, provider_unavailable', async () => {
      const before = server.requests.length;
      const error = await failureFor({ kind: 'status', status: 307, headers: { location: `${server.baseUrl}/chat/completions` } });
      assert.equal(error.code, 'provider_unavailable');
      assert.equal(server.requests.length, before + 1);
    });
  });

  describe('broken answers', () => {
    it('rejects a chunk that is not JSON as invalid_response', async () => {
      const error = await failureFor({ kind: 'raw', chunks: [chunk({ content: 'Hi' }), 'data: {"choices": [\n\n'] });
      assert.equal(error.code, 'invalid_response');
    });

    it('rejects JSON that is not a completion chunk as invalid_response', async () => {
      const error = await failureFor({ kind: 'raw', chunks: ['data: {"choices": "many"}\n\n', 'data: [DONE]\n\n'] });
      assert.equal(error.code, 'invalid_response');
    });

    it('rejects a body that is not an event stream as invalid_response', async () => {
      const body = JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }] });
      const error = await failureFor({ kind: 'status', status: 200, body });
      assert.equal(error.code, 'invalid_response');
    });

    it('maps an error event in the middle of the stream to provider_unavailable', async () => {
      const failure = `data: ${JSON.stringify({ error: { message: `overloaded for ${API_KEY}` } })}\n\n`;
      const error = await failureFor({ kind: 'raw', chunks: [chunk({ content: 'Part' }), failure] });
      assert.equal(error.code, 'provider_unavailable');
      assert.ok(!error.message.includes(API_KEY));
    });

    it('reports an answer cut by the token limit as incomplete_response', async () => {
      const error = await failureFor({ kind: 'stream', deltas: ['The lesson was about'], finishReason: 'length' });
      assert.equal(error.code, 'incomplete_response');
      assert.match(error.message, /token limit/);
    });

    it('reports any other finish reason as incomplete_response', async () => {
      const error = await failureFor({ kind: 'stream', deltas: ['The lesson'], finishReason: 'content_filter' });
      assert.equal(error.code, 'incomplete_response');
    });

    it('reports reasoning without an answer as incomplete_response', async () => {
      const error = await failureFor({ kind: 'stream', deltas: [], reasoning: ['Let me think', ' about the class.'] });
      assert.equal(error.code, 'incomplete_response');
      assert.match(error.message, /reasoning/);
    });

    it('reports an empty answer as incomplete_response', async () => {
      const error = await failureFor({ kind: 'stream', deltas: ['', ''] });
      assert.equal(error.code, 'incomplete_response');
    });

    it('reports a stream that ends without finish reason or [DONE] as incomplete_response', async () => {
      const error = await failureFor({ kind: 'stream', deltas: ['Half an'], finishReason: null, endMarker: false });
      assert.equal(error.code, 'incomplete_response');
    });

    it(`stops reading past ${MAX_ANSWER_CHARS} characters with response_too_large`, async () => {
      // ~17 MB: more than loopback socket buffers hold, so the server can only finish if the client keeps reading.
      server.respondOnceWith({ kind: 'stream', deltas: new Array<string>(16_000).fill('a'.repeat(1_000)) });
      const before = server.requests.length;
      const { deltas, error } = await read(chatRequest(server.baseUrl, { timeoutMs: 60_000 }));
      assert.ok(error instanceof ProviderError);
      assert.equal(error.code, 'response_too_large');
      assert.ok(deltas.join('').length <= MAX_ANSWER_CHARS);
      assert.equal(await server.requests[before].outcome, 'client_closed');
    });

    it('stops reading endless reasoning with response_too_large', async () => {
      // 20 MB to read: a generous deadline, so on a busy machine the size limit is what stops it.
      const error = await failureFor({ kind: 'stream', deltas: ['Never reached'], reasoning: new Array<string>(20_000).fill('hmm '.repeat(250)) }, { timeoutMs: 60_000 });
      assert.equal(error.code, 'response_too_large');
    });

    it('stops reading an event that never ends with response_too_large', async () => {
      const error = await failureFor({ kind: 'raw', chunks: ['data: "', 'x'.repeat(4 * 1024 * 1024)] });
      assert.equal(error.code, 'response_too_large');
    });
  });

  describe('network failures', () => {
    it('maps a refused connection to connection_failed without the exception text', async () => {
      const closedPort = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number };
          probe.close(() => resolve(port));
        });
      });
      const error = await providerFailure(chatRequest(`http://127.0.0.1:${closedPort}/v1`));
      assert.equal(error.code, 'connection_failed');
      assert.ok(!error.message.includes('ECONNREFUSED'));
    });

    it('maps a host that does not resolve to connection_failed', async () => {
      const error = await providerFailure(chatRequest('https://lectern-provider-test.invalid/v1'));
      assert.equal(error.code, 'connection_failed');
    });

    it('maps a connection dropped mid-answer to connection_failed, after the deltas that arrived', async () => {
      server.respondOnceWith({ kind: 'stream', deltas: ['One', ' two', ' three'], closeAfterDeltas: 2 });
      const { deltas, error } = await read(chatRequest(server.baseUrl));
      assert.ok(error instanceof ProviderError);
      assert.equal(error.code, 'connection_failed');
      assert.deepEqual(deltas, ['One', ' two']);
    });

    it('verifies the certificate of an https provider: an untrusted one is connection_failed', async (t) => {
      const certificate = selfSignedCertificate();
      if (certificate === null) return t.skip('the openssl tool is not installed');
      const tlsServer = createHttpsServer(certificate, () => assert.fail('no request may pass an untrusted certificate'));
      await once(tlsServer.listen(0, '127.0.0.1'), 'listening');
      const handshakeRefused = once(tlsServer, 'tlsClientError');
      try {
        const { port } = tlsServer.address() as { port: number };
        const error = await providerFailure(chatRequest(`https://127.0.0.1:${port}/v1`));
        assert.equal(error.code, 'connection_failed');
        assert.match(error.message, /certificate/);
        await handshakeRefused;
      } finally {
        tlsServer.close();
      }
    });

    it('never sends a request over plain http to another machine', async () => {
      // The address is unroutable by definition (TEST-NET-1): had a request been tried, it would hang or fail differently.
      const error = await providerFailure(chatRequest('http://192.0.2.1/v1', { timeoutMs: 1_000 }));
      assert.equal(error.code, 'connection_failed');
      assert.match(error.message, /https/);
    });

    it('refuses a non-loopback provider without a key before any request', async () => {
      // The host does not resolve: had a request been tried, this would be connection_failed.
      const error = await providerFailure(chatRequest('https://lectern-provider-test.invalid/v1', { apiKey: null }));
      assert.equal(error.code, 'missing_key');
    });
  });
});

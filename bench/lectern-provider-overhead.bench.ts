/**
 * Lectern provider overhead: how much later the first token reaches a caller of `streamChat`
 * than a bare HTTP client reading the same stream. Both talk to the fake OpenAI server on
 * loopback, which holds every first token back by a fixed delay; the pairs alternate order
 * so neither side always runs on a warmer process. Run: npm run bench -- provider-overhead
 */
import { request } from 'node:http';
import { streamChat, type ChatRequest } from '../packages/lectern/src/answer-engine/providers/openai-compatible.js';
import { FakeOpenAiServer } from '../packages/lectern/test/support/openai-server.js';
import { report, summarise } from './support/stats.js';

const SAMPLE_COUNT = 200;
const WARMUP_COUNT = 10;
const FIRST_TOKEN_DELAY_MS = 50;
const TARGET_OVERHEAD_MS = 10;
const CALL_TIMEOUT_MS = 10_000;

const server = await FakeOpenAiServer.start();
server.respondWith({ kind: 'stream', deltas: ['The first token', ' and the rest.'], firstTokenDelayMs: FIRST_TOKEN_DELAY_MS });

const chat: Omit<ChatRequest, 'signal'> = {
  baseUrl: server.baseUrl,
  apiKey: 'sk-bench',
  model: 'bench-model',
  messages: [{ role: 'user', content: 'Say something.' }],
  maxTokens: 2048,
  timeoutMs: CALL_TIMEOUT_MS,
};

/** Milliseconds from the call to the first content delta through Lectern's client; the stream is then read to its end. */
async function firstTokenThroughClient(): Promise<number> {
  const startedAt = performance.now();
  let firstAt: number | null = null;
  for await (const _ of streamChat({ ...chat, signal: new AbortController().signal })) firstAt ??= performance.now();
  if (firstAt === null) throw new Error('the client yielded no token');
  return firstAt - startedAt;
}

/** Milliseconds from the call to the first body bytes on a bare node:http request with the same body. */
function firstTokenRaw(): Promise<number> {
  const body = JSON.stringify({ model: chat.model, messages: chat.messages, max_tokens: chat.maxTokens, stream: true });
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${chat.apiKey}` },
      agent: false,
    });
    call.on('error', reject);
    call.on('response', (response) => {
      let firstAt: number | null = null;
      response.on('data', () => (firstAt ??= performance.now()));
      response.on('error', reject);
      response.on('end', () => (firstAt === null ? reject(new Error('no body')) : resolve(firstAt - startedAt)));
    });
    call.end(body);
  });
}

/** One client call and one raw call, back to back, in the given order. */
async function measurePair(clientFirst: boolean): Promise<{ clientMs: number; rawMs: number }> {
  if (clientFirst) {
    const clientMs = await firstTokenThroughClient();
    return { clientMs, rawMs: await firstTokenRaw() };
  }
  const rawMs = await firstTokenRaw();
  return { rawMs, clientMs: await firstTokenThroughClient() };
}

const overheadsMs: number[] = [];
const rawMs: number[] = [];
const clientMs: number[] = [];
for (let index = 0; index < WARMUP_COUNT + SAMPLE_COUNT; index++) {
  const pair = await measurePair(index % 2 === 0);
  if (index < WARMUP_COUNT) continue;
  rawMs.push(pair.rawMs);
  clientMs.push(pair.clientMs);
  overheadsMs.push(pair.clientMs - pair.rawMs);
}
await server.close();

const overhead = summarise(overheadsMs);
// On a shared machine the tails move both ways by tens of milliseconds; the low tail (the 1st
// percentile, i.e. minus the 99th of the negated differences) shows how much of the high tail
// is scheduling noise that delayed the raw request just as often. Hence a target on the median.
const overheadP1Ms = -summarise(overheadsMs.map((ms) => -ms)).p99Ms;
report('lectern provider overhead (first token via streamChat - raw request)', `median < ${TARGET_OVERHEAD_MS} ms`, overhead.p50Ms < TARGET_OVERHEAD_MS, {
  firstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
  overheadP1Ms,
  overhead,
  raw: summarise(rawMs),
  client: summarise(clientMs),
});

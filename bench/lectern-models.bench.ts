/**
 * Lectern's local LLM, two figures (the model downloads have lectern-models-download.bench.ts):
 *  1. the tiny test model's first token after a warm start: target < 300 ms;
 *  2. Lectern's added latency on the first token (the `local` provider through the runtime vs
 *     node-llama-cpp's own LlamaChat with the same messages and sampling): target < 10 ms.
 * Runs alternate order so neither side always runs on a warmer machine.
 * Run: npm run bench -- models
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createLocalProvider } from '../packages/lectern/src/answer-engine/providers/local-provider.js';
import { assistant, models as limits } from '../packages/lectern/src/config.js';
import { cpuLlama, llmThreads } from '../packages/lectern/src/features/models/llm-engine.js';
import { createModelRuntime } from '../packages/lectern/src/features/models/runtime.js';
import { EventHub } from '../packages/lectern/src/platform/events.js';
import { sha256Of } from '../packages/lectern/test/support/model-mirror.js';
import { tinyGguf } from '../packages/lectern/test/support/tiny-gguf.js';
import { report, summarise } from './support/stats.js';

const TOKEN_WARMUP = 5;
const TOKEN_SAMPLES = 40;
const TARGETS = { firstTokenMs: 300, addedLatencyMs: 10 };

const work = mkdtempSync(join(tmpdir(), 'lectern-models-bench-'));

// ---- the tiny model's first token -------------------------------------------------------
const modelDir = join(work, 'tiny');
const gguf = tinyGguf();
rmSync(modelDir, { recursive: true, force: true });
await import('node:fs').then(({ mkdirSync }) => mkdirSync(modelDir, { recursive: true }));
writeFileSync(join(modelDir, 'model.gguf'), gguf);
const entry = {
  id: 'tiny',
  kind: 'llm' as const,
  name: 'tiny',
  description: '',
  license: '',
  license_url: '',
  source_url: '',
  files: [{ name: 'model.gguf', url: 'http://127.0.0.1/unused', size_bytes: gguf.length, sha256: sha256Of(gguf) }],
};
const runtime = createModelRuntime({
  // No database here: nothing to wait for before a frame leaves.
  hub: new EventHub({ afterCommit: (send) => send() }),
  logger: pino({ level: 'silent' }),
  installed: () => ({ entry, dir: modelDir, digests: { 'model.gguf': sha256Of(gguf) } }),
  systemRecogniser: { id: 'none', error: () => null },
  idleUnloadMs: limits.idleUnloadMs,
});
const startedAt = performance.now();
await runtime.start('tiny');
const warmStartMs = performance.now() - startedAt;
const provider = createLocalProvider({ modelId: 'tiny', acquire: (id) => runtime.localLlm(id), timeoutMs: 60_000, contextCharacters: 100_000 });

// node-llama-cpp alone: its own copy of the model, the same context size, threads, messages and sampling.
const { LlamaChat } = await import('node-llama-cpp');
const llama = await cpuLlama();
const rawModel = await llama.loadModel({ modelPath: join(modelDir, 'model.gguf') });
const rawContext = await rawModel.createContext({ contextSize: Math.min(rawModel.trainContextSize, limits.llmContextTokensMax), sequences: 1, threads: llmThreads() });
const probeHistory = [
  { type: 'system' as const, text: 'You are a connection test. Answer with one short sentence.' },
  { type: 'user' as const, text: 'Say that the connection works.' },
  { type: 'model' as const, response: [] },
];

async function firstTokenThroughLectern(): Promise<number> {
  const started = performance.now();
  let first: number | null = null;
  for await (const _chunk of provider.probe(new AbortController().signal)) first ??= performance.now() - started;
  if (first === null) throw new Error('no token');
  return first;
}

// One chat kept over the sequence, as node-llama-cpp's own sessions do (and as Lectern does).
const rawChat = new LlamaChat({ contextSequence: rawContext.getSequence() });

async function firstTokenRaw(): Promise<number> {
  const started = performance.now();
  let first: number | null = null;
  await rawChat.generateResponse(probeHistory, {
    maxTokens: assistant.connectionTestMaxTokens,
    temperature: limits.llmTemperature,
    topP: limits.llmTopP,
    topK: limits.llmTopK,
    onTextChunk: (chunk) => {
      if (chunk !== '') first ??= performance.now() - started;
    },
  });
  if (first === null) throw new Error('no token');
  return first;
}

const lecternFirstMs: number[] = [];
const rawFirstMs: number[] = [];
const addedMs: number[] = [];
for (let index = 0; index < TOKEN_WARMUP + TOKEN_SAMPLES; index++) {
  let lectern: number;
  let raw: number;
  try {
    if (index % 2 === 0) {
      lectern = await firstTokenThroughLectern();
      raw = await firstTokenRaw();
    } else {
      raw = await firstTokenRaw();
      lectern = await firstTokenThroughLectern();
    }
  } catch (error) {
    // The random model may end a reply before the connection test's token limit or hit it:
    // either way the first token has been timed; only a reply without any token is an error.
    if ((error as Error).message === 'no token') throw error;
    continue;
  }
  if (index < TOKEN_WARMUP) continue;
  lecternFirstMs.push(lectern);
  rawFirstMs.push(raw);
  addedMs.push(lectern - raw);
}
rawChat.dispose();
await rawContext.dispose();
await rawModel.dispose();
await runtime.close();
rmSync(work, { recursive: true, force: true });

const firstToken = summarise(lecternFirstMs);
report('tiny model first token after a warm start (local provider, connection-test prompt)', `median < ${TARGETS.firstTokenMs} ms`, firstToken.p50Ms < TARGETS.firstTokenMs, {
  warmStartMs: Math.round(warmStartMs),
  threads: llmThreads(),
  firstToken,
});
const added = summarise(addedMs);
report("Lectern's added first-token latency over node-llama-cpp's own", `median < ${TARGETS.addedLatencyMs} ms`, added.p50Ms < TARGETS.addedLatencyMs, {
  added,
  nodeLlamaCppFirstToken: summarise(rawFirstMs),
  lecternFirstToken: firstToken,
});

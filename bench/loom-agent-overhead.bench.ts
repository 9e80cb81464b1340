/**
 * Loom agent overhead: how much longer `agent.run(input)` takes than a bare HTTP round trip
 * carrying the same request to the same local OpenAI-compatible server and parsing its JSON
 * reply. Both sides use keep-alive connections, so the difference is Loom's own work: prompt
 * assembly, provider lookup, signals, retry bookkeeping, reply mapping and tracing (off).
 * Pairs alternate order so neither side always runs on a warmer process.
 * Run: node --import tsx bench/loom-agent-overhead.bench.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from '../packages/loom/src/runtime/agents/agent.js';
import { createAgentRuntime } from '../packages/loom/src/runtime/agents/runtime.js';
import { startFakeModelServer } from '../packages/loom/test/support/fake-model-server.js';
import { report, summarise } from './support/stats.js';

const SAMPLE_COUNT = 1_000;
const WARMUP_COUNT = 50;
const TARGET_OVERHEAD_MS = 2;
const API_KEY = 'sk-bench';
const ROLE = 'Summariser';
const PROMPT = 'Summarise the input in one sentence.';
const INPUT = 'Loom compiles agent scripts to JavaScript and runs them against model providers.';

const server = await startFakeModelServer();
server.respondWith(() => ({ text: 'Loom runs agent scripts.' }));
const projectRoot = mkdtempSync(join(tmpdir(), 'loom-bench-'));
writeFileSync(join(projectRoot, 'secrets.nxs'), `OPENAI_API_KEY = "${API_KEY}"\nOPENAI_BASE_URL = "${server.url}/v1"\n`);
const runtime = createAgentRuntime({ entryFile: join(projectRoot, 'main.nx'), env: {} });
const agent = new Agent({ name: 'Bench', model: 'openai/bench-model', role: ROLE, prompt: PROMPT, max_tokens: 100 }, runtime);

const rawAgent = new HttpAgent({ keepAlive: true });
const rawBody = JSON.stringify({
  model: 'bench-model',
  messages: [
    { role: 'system', content: `Your role: ${ROLE}\n\n${PROMPT}` },
    { role: 'user', content: INPUT },
  ],
  max_tokens: 100,
});

/** One request over node:http with the same body, reading and parsing the whole reply. */
function rawRoundTrip(): Promise<number> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      agent: rawAgent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    });
    call.on('error', reject);
    call.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve(performance.now() - startedAt);
      });
    });
    call.end(rawBody);
  });
}

async function agentCall(): Promise<number> {
  const startedAt = performance.now();
  await agent.run(INPUT);
  return performance.now() - startedAt;
}

const rawMs: number[] = [];
const agentMs: number[] = [];
const overheadsMs: number[] = [];
for (let index = 0; index < WARMUP_COUNT + SAMPLE_COUNT; index++) {
  const agentFirst = index % 2 === 0;
  const first = agentFirst ? await agentCall() : await rawRoundTrip();
  const second = agentFirst ? await rawRoundTrip() : await agentCall();
  if (index < WARMUP_COUNT) continue;
  const [throughAgent, raw] = agentFirst ? [first, second] : [second, first];
  agentMs.push(throughAgent);
  rawMs.push(raw);
  overheadsMs.push(throughAgent - raw);
}
rawAgent.destroy();
await server.close();
rmSync(projectRoot, { recursive: true, force: true });

const overhead = summarise(overheadsMs);
// The low tail (raw call delayed, not the agent) shows how much of the high tail is noise.
const overheadP1Ms = -summarise(overheadsMs.map((ms) => -ms)).p99Ms;
report('loom agent overhead (agent.run - raw HTTP round trip)', `median < ${TARGET_OVERHEAD_MS} ms`, overhead.p50Ms < TARGET_OVERHEAD_MS, {
  samples: SAMPLE_COUNT,
  overheadP1Ms,
  overhead,
  raw: summarise(rawMs),
  agent: summarise(agentMs),
});

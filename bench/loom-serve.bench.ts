/**
 * `loom serve` against a bare Fastify server, in the same run. Target: a Loom hello route
 * (`route GET "/hello" => hello`, a flow returning `{message: "hello"}`) answers at least 80% of
 * the requests per second a bare Fastify hello route answering the same JSON does, on loopback.
 *
 * Both servers run as child processes (`loom serve` through the real CLI, Fastify from a
 * small script), one at a time; autocannon drives each with keep-alive connections for
 * SECONDS seconds after a warm-up, ROUNDS times alternating. The figure is the median of the
 * per-round ratios (each round's two samples are taken back to back, so a change in the
 * machine's load between rounds cancels out); the medians of the raw rates are shown too. On
 * a 2-vCPU machine the load generator shares the CPU with the server, the same for both.
 * Run: node --import tsx bench/loom-serve.bench.ts
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { report } from './support/stats.js';

const ROUNDS = 5;
const SECONDS = 4;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 10;
const TARGET_RATIO = 0.8;
const LOOM_BIN = fileURLToPath(new URL('../packages/loom/bin/loom.js', import.meta.url));
const LISTENING = /(http:\/\/127\.0\.0\.1:\d+)/;

const LOOM_PROGRAM = `server 0 {
    route GET "/hello" => hello
}
flow hello() { return {message: "hello"} }
`;

const fastifyUrl = pathToFileURL(createRequire(import.meta.url).resolve('fastify')).href;
const BARE_SERVER = `import Fastify from ${JSON.stringify(fastifyUrl)};
const app = Fastify();
app.get('/hello', async () => ({ message: 'hello' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening on http://127.0.0.1:' + app.server.address().port);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
}

function start(args: readonly string[], cwd: string): Promise<Running> {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveRunning, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = LISTENING.exec(output)?.[1];
      if (url !== undefined) resolveRunning({ child, url });
    });
    child.on('exit', (status) => reject(new Error(`${args.join(' ')} exited with ${status} before listening: ${output}`)));
  });
}

async function stop(running: Running): Promise<void> {
  const exited = new Promise((resolveExit) => running.child.once('exit', resolveExit));
  running.child.kill('SIGTERM');
  await exited;
}

async function load(url: string, seconds: number): Promise<{ requestsPerSecond: number; failures: number }> {
  const result = await autocannon({ url: `${url}/hello`, connections: CONNECTIONS, duration: seconds });
  return { requestsPerSecond: result.requests.average, failures: result.errors + result.non2xx + result.timeouts };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const dir = mkdtempSync(join(tmpdir(), 'loom-serve-bench-'));
writeFileSync(join(dir, 'hello.nx'), LOOM_PROGRAM);
writeFileSync(join(dir, 'bare.mjs'), BARE_SERVER);
const servers = {
  loom: () => start([LOOM_BIN, 'serve', 'hello.nx', '--port', '0'], dir),
  fastify: () => start(['bare.mjs'], dir),
};
const samples: Record<keyof typeof servers, number[]> = { loom: [], fastify: [] };
let failures = 0;
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of ['fastify', 'loom'] as const) {
      const running = await servers[name]();
      try {
        await load(running.url, WARM_UP_SECONDS);
        const measured = await load(running.url, SECONDS);
        samples[name].push(measured.requestsPerSecond);
        failures += measured.failures;
      } finally {
        await stop(running);
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const loom = median(samples.loom);
const fastify = median(samples.fastify);
const ratio = median(samples.loom.map((rate, round) => rate / (samples.fastify[round] ?? Number.NaN)));
report('loom serve hello route vs bare Fastify', `≥ ${TARGET_RATIO * 100}% of bare Fastify's req/s`, ratio >= TARGET_RATIO && failures === 0, {
  loomRequestsPerSecond: Math.round(loom),
  fastifyRequestsPerSecond: Math.round(fastify),
  medianRoundRatio: Number(ratio.toFixed(3)),
  loomSamples: samples.loom.map(Math.round),
  fastifySamples: samples.fastify.map(Math.round),
  connections: CONNECTIONS,
  secondsPerSample: SECONDS,
  failedRequests: failures,
});

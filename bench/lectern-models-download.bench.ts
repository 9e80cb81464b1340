/**
 * Lectern's model downloads, two figures:
 *  1. download throughput from the loopback mirror (a process of its own) through Lectern's
 *     downloader (Range-capable, sha256 while streaming, written to disk) vs `curl` on the same
 *     file in the same run: target >= 80 %, judged on the median of the rounds' own ratios (each
 *     round runs both back to back, so a load swing between rounds cancels out); one warm-up
 *     round first is not counted (JIT, the mirror's first reads);
 *  2. what sha256 adds: Lectern's downloader vs a plain Node stream of the same response to a
 *     file (no hash, no progress): target < 10 % (an upper bound: progress and bookkeeping are
 *     in the difference too).
 * Also reported: Node's read ceiling (`http.get` counting bytes) and `curl | tee | sha256sum`.
 * A file of its own, apart from the first-token figures (lectern-models.bench.ts): in one
 * process with them, the same download code measured 0.46-0.57 of curl against 0.74-0.83
 * alone, in back-to-back runs (docs/benchmarks.md; the cause was not found).
 * Runs alternate order so neither side always runs on a warmer machine.
 * Run: npm run bench -- models-download (or -- models, which runs both files)
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createInterface } from 'node:readline';
import { models as limits } from '../packages/lectern/src/config.js';
import { downloadFile } from '../packages/lectern/src/features/models/file-download.js';
import { report, summarise } from './support/stats.js';

const FILE_BYTES = 256 * 1024 * 1024;
const DOWNLOAD_WARMUP_ROUNDS = 1;
const DOWNLOAD_ROUNDS = 11;
/**
 * `LECTERN_MODELS_BENCH_PAIR=1` runs only Lectern's downloader and curl in each round, without
 * the three other variants (two more 268 MB files written, a sha256sum process).
 */
const ONLY_LECTERN_AND_CURL = process.env.LECTERN_MODELS_BENCH_PAIR === '1';
const TARGETS = { throughputShare: 0.8, hashOverheadShare: 0.1 };

const work = mkdtempSync(join(tmpdir(), 'lectern-models-download-bench-'));
const median = (values: number[]) => summarise(values).p50Ms;

// ---- downloads ---------------------------------------------------------------------------
const mirrorProcess = spawn(process.execPath, ['--import', 'tsx', new URL('./support/model-mirror-process.ts', import.meta.url).pathname, String(FILE_BYTES)], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const { baseUrl } = await new Promise<{ baseUrl: string }>((resolve) => {
  createInterface({ input: mirrorProcess.stdout }).once('line', (line) => resolve(JSON.parse(line) as { baseUrl: string }));
});
const url = `${baseUrl}/file.bin`;
const target = join(work, 'download.bin');

async function throughLectern(): Promise<number> {
  rmSync(target, { force: true });
  const started = performance.now();
  await downloadFile({ url: new URL(url), partialPath: target, sizeCapBytes: FILE_BYTES, signal: new AbortController().signal, onProgress: () => undefined });
  return performance.now() - started;
}

function throughCurl(): number {
  rmSync(target, { force: true });
  const started = performance.now();
  const result = spawnSync('curl', ['--silent', '--fail', '--output', target, url]);
  if (result.status !== 0) throw new Error(`curl failed: ${result.stderr.toString()}`);
  return performance.now() - started;
}

/** What native tools take to download and hash at once: `curl | tee FILE | sha256sum`. */
function throughCurlAndSha256sum(): number {
  rmSync(target, { force: true });
  const started = performance.now();
  const result = spawnSync('sh', ['-c', 'curl --silent --fail "$0" | tee "$1" | sha256sum', url, target]);
  if (result.status !== 0) throw new Error(`curl | sha256sum failed: ${result.stderr.toString()}`);
  return performance.now() - started;
}

async function throughPlainNode(): Promise<number> {
  rmSync(target, { force: true });
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    get(url, (response) => void pipeline(response, createWriteStream(target)).then(resolve, reject)).on('error', reject);
  });
  return performance.now() - started;
}

/** The best a Node loop reads this mirror at: `http.get`, bytes counted and dropped. Node's ceiling here. */
async function readOnlyNode(): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    get(url, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => (bytes === FILE_BYTES ? resolve() : reject(new Error(`read ${bytes} bytes`))));
      response.on('error', reject);
    }).on('error', reject);
  });
  return performance.now() - started;
}

const lecternMs: number[] = [];
const curlMs: number[] = [];
const plainMs: number[] = [];
const readOnlyMs: number[] = [];
const curlHashMs: number[] = [];
const roundShares: number[] = [];
for (let round = 0; round < DOWNLOAD_WARMUP_ROUNDS + DOWNLOAD_ROUNDS; round++) {
  const all = ['lectern', 'curl', 'plain', 'read', 'curl-hash'].filter((who) => ONLY_LECTERN_AND_CURL === false || who === 'lectern' || who === 'curl');
  const order = round % 2 === 0 ? all : [...all].reverse();
  const times: Record<string, number> = {};
  for (const who of order) {
    if (who === 'lectern') times[who] = await throughLectern();
    else if (who === 'curl') times[who] = throughCurl();
    else if (who === 'plain') times[who] = await throughPlainNode();
    else if (who === 'curl-hash') times[who] = throughCurlAndSha256sum();
    else times[who] = await readOnlyNode();
  }
  if (round < DOWNLOAD_WARMUP_ROUNDS) continue;
  lecternMs.push(times.lectern ?? Number.NaN);
  curlMs.push(times.curl ?? Number.NaN);
  plainMs.push(times.plain ?? Number.NaN);
  readOnlyMs.push(times.read ?? Number.NaN);
  curlHashMs.push(times['curl-hash'] ?? Number.NaN);
  roundShares.push((times.curl ?? Number.NaN) / (times.lectern ?? Number.NaN));
}
mirrorProcess.stdin.end();
// The hash alone over the downloaded bytes, in the downloader's chunk size: its CPU cost.
const hashStarted = performance.now();
const hash = createHash('sha256');
for await (const chunk of createReadStream(target, { highWaterMark: limits.ioChunkBytes })) hash.update(chunk as Buffer);
hash.digest('hex');
const hashOnlyMs = performance.now() - hashStarted;
rmSync(target, { force: true });
const mbPerSecond = (ms: number) => Math.round((FILE_BYTES / 1e6 / (ms / 1000)) * 10) / 10;
const share = [...roundShares].sort((a, b) => a - b)[Math.floor(roundShares.length / 2)] ?? Number.NaN;
report('model download throughput (Lectern downloader vs curl, same file, same rounds)', `>= ${TARGETS.throughputShare * 100}% of curl`, share >= TARGETS.throughputShare, {
  fileMB: FILE_BYTES / 1e6,
  lecternMBps: mbPerSecond(median(lecternMs)),
  curlMBps: mbPerSecond(median(curlMs)),
  shareOfCurl: Math.round(share * 1000) / 1000,
  shareOfMedians: Math.round((median(curlMs) / median(lecternMs)) * 1000) / 1000,
  roundShares: roundShares.map((value) => Math.round(value * 100) / 100),
  nodeReadOnlyMBps: mbPerSecond(median(readOnlyMs)),
  curlTeeSha256sumMBps: mbPerSecond(median(curlHashMs)),
  lecternMs: summarise(lecternMs),
  curlMs: summarise(curlMs),
});
const hashOverhead = median(lecternMs) / median(plainMs) - 1;
if (!ONLY_LECTERN_AND_CURL) report('sha256 while downloading (Lectern downloader vs a plain Node stream to disk)', `< ${TARGETS.hashOverheadShare * 100}%`, hashOverhead < TARGETS.hashOverheadShare, {
  overheadShare: Math.round(hashOverhead * 1000) / 1000,
  hashAloneMs: Math.round(hashOnlyMs),
  hashAloneShareOfDownload: Math.round((hashOnlyMs / median(lecternMs)) * 1000) / 1000,
  plainNodeMBps: mbPerSecond(median(plainMs)),
  lecternMBps: mbPerSecond(median(lecternMs)),
  plainMs: summarise(plainMs),
});

rmSync(work, { recursive: true, force: true });

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { LecternProcess } from '../support/lectern-process.js';

const registerUrl = new URL('../support/module-trace/register.mjs', import.meta.url).href;
const traceWaitMs = 5000;

/**
 * What `lectern serve` must not load before its ready line: the heaviest parts a desktop host
 * would otherwise wait for at every launch, each loaded on first use instead.
 */
const loadedOnFirstUse = [
  /node_modules\/node-llama-cpp\//,
  /node_modules\/wink-nlp\//,
  /node_modules\/@node-rs\/jieba\//,
  /node_modules\/pdfjs-dist\//,
  /node_modules\/sherpa-onnx-node\//,
  /src\/answer-engine\/builtin\/engine\.ts$/,
  /src\/answer-engine\/providers\/resolve\.ts$/,
  /src\/features\/audio\/speech\/pocketsphinx-recogniser\.ts$/,
  /src\/features\/audio\/speech\/course-vocabulary\.ts$/,
  /src\/doctor\.ts$/,
];

/** The source files behind a resolved URL: a bundle chunk's come from its source map. */
function sourcesBehind(url: string): string[] {
  if (!url.startsWith('file:')) return [url];
  const path = fileURLToPath(url);
  const mapPath = `${path}.map`;
  if (!path.endsWith('.mjs') || !existsSync(mapPath)) return [path];
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
  return map.sources.map((source) => join(path, '..', source));
}

describe('start-up: what `lectern serve` loads before its ready line', () => {
  let lectern: LecternProcess;
  let sources: string[];
  const traceDir = mkdtempSync(join(tmpdir(), 'lectern-module-trace-'));

  before(async () => {
    const tracePath = join(traceDir, 'modules.txt');
    lectern = await LecternProcess.start({ env: { NODE_OPTIONS: `--import=${registerUrl}`, LECTERN_TEST_MODULE_TRACE: tracePath } });
    for (let waited = 0; !existsSync(tracePath) && waited < traceWaitMs; waited += 50) await delay(50);
    const urls = readFileSync(tracePath, 'utf8').split('\n').filter((line) => line.length > 0);
    sources = urls.flatMap(sourcesBehind);
  });
  after(async () => {
    await lectern.dispose();
    rmSync(traceDir, { recursive: true, force: true });
  });

  it('has loaded the service itself (the trace sees what it should)', () => {
    assert.ok(sources.some((source) => /src\/app\.ts$/.test(source)), `app.ts not among ${sources.length} traced sources`);
  });

  it('has loaded none of the parts that wait for first use', () => {
    const early = sources.filter((source) => loadedOnFirstUse.some((pattern) => pattern.test(source)));
    assert.deepEqual(early, []);
  });
});

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { LecternProcess } from '../support/lectern-process.js';

const registerUrl = new URL('../support/module-trace/register.mjs', import.meta.url).href;
const sourceEntry = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const traceWaitMs = 5000;

/**
 * What `lectern serve` must not load before its ready line: the heaviest parts a desktop host
 * would otherwise wait for at every launch, each loaded on first use instead. The packages are
 * checked on the bundle as users run it; Lectern's own modules on a start from the sources, since
 * the bundle is one file (esbuild keeps each lazily imported module's code unevaluated until its
 * first import, so what the sources defer the bundle defers too).
 */
const packagesLoadedOnFirstUse = [
  /node_modules\/node-llama-cpp\//,
  /node_modules\/wink-nlp\//,
  /node_modules\/@node-rs\/jieba\//,
  /node_modules\/pdfjs-dist\//,
  /node_modules\/sherpa-onnx-node\//,
];
const modulesLoadedOnFirstUse = [
  ...packagesLoadedOnFirstUse,
  /src\/answer-engine\/builtin\/engine\.ts$/,
  /src\/answer-engine\/providers\/resolve\.ts$/,
  /src\/features\/audio\/speech\/recognisers\/pocketsphinx-recogniser\.ts$/,
  /src\/features\/audio\/speech\/vocabulary\/course-vocabulary\.ts$/,
  /src\/doctor\.ts$/,
];

/** Starts Lectern with the module trace and returns the paths it had loaded when it was ready. */
async function loadedBeforeReady(options: { fromSources: boolean }): Promise<string[]> {
  const traceDir = mkdtempSync(join(tmpdir(), 'lectern-module-trace-'));
  const tracePath = join(traceDir, 'modules.txt');
  const preload = options.fromSources ? `--import=tsx --import=${registerUrl}` : `--import=${registerUrl}`;
  const lectern = await LecternProcess.start({
    env: { NODE_OPTIONS: preload, LECTERN_TEST_MODULE_TRACE: tracePath },
    ...(options.fromSources ? { entryScript: sourceEntry } : {}),
  });
  try {
    for (let waited = 0; !existsSync(tracePath) && waited < traceWaitMs; waited += 50) await delay(50);
    return readFileSync(tracePath, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('file:'))
      .map((url) => fileURLToPath(url));
  } finally {
    await lectern.dispose();
    rmSync(traceDir, { recursive: true, force: true });
  }
}

describe('start-up: what `lectern serve` loads before its ready line', () => {
  describe('from its bundle, as users run it', () => {
    let loaded: string[];
    before(async () => {
      loaded = await loadedBeforeReady({ fromSources: false });
    });

    it('has run the bundle (the trace sees what it should)', () => {
      // The bundle itself is compiled by its loader, not through a module loader: seen are the
      // loader, and the packages the bundle requires as it starts.
      assert.ok(loaded.some((path) => path.endsWith('/scripts/code-cache.mjs')), `the bundle's loader not among ${loaded.length} traced modules`);
      assert.ok(loaded.some((path) => /node_modules\/better-sqlite3\//.test(path)), 'the database driver is required at start');
    });

    it('has loaded none of the packages that wait for first use', () => {
      assert.deepEqual(loaded.filter((path) => packagesLoadedOnFirstUse.some((pattern) => pattern.test(path))), []);
    });
  });

  describe('from its sources', () => {
    let loaded: string[];
    before(async () => {
      loaded = await loadedBeforeReady({ fromSources: true });
    });

    it('has loaded the service itself (the trace sees what it should)', () => {
      assert.ok(loaded.some((path) => /src\/app\.ts$/.test(path)), `app.ts not among ${loaded.length} traced modules`);
    });

    it('has loaded none of the parts that wait for first use', () => {
      assert.deepEqual(loaded.filter((path) => modulesLoadedOnFirstUse.some((pattern) => pattern.test(path))), []);
    });
  });
});

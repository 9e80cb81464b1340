// Runs a CommonJS bundle with V8's code cache. Why: Node 20 compiles every module it loads from
// scratch (its compile cache arrived in Node 22), and compiling is most of what a bundled CLI
// does before it can work — for Lectern, parsing its 0.9 MB bundle and lazily compiling the
// functions that run while the server starts took about a quarter of its start-up. A cache that
// V8 wrote after a real start holds those functions already compiled, so later starts
// deserialise them instead (docs/benchmarks.md, "A code cache for the bundle").
//
// The cache sits beside the bundle (`<bundle>.cache`) and is written by a training run that
// `scripts/build.mjs` makes right after bundling: the bundle is started for real with
// TRAINING_VARIABLE set, and the cache is taken when that process exits, so it holds every
// function the start used. It is trusted only for the very bundle file it was made from (size
// and modification time, recorded in its header) on the same Node version; V8 itself refuses a
// cache made under other V8 flags, which is why a launcher sets its flags before this runs.
// A missing, stale or refused cache only costs speed: the bundle then compiles as usual.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

export const TRAINING_VARIABLE = 'BUNDLE_CODE_CACHE_TRAINING';

const LENGTH_BYTES = 4;
// The bundle runs as a CommonJS module would (Node's own module wrapper); on a line of its own so
// that line numbers in stack traces and source maps stay those of the file.
// `__bundleImport` loads the packages that are ES modules only (src/platform/esm-package.ts): an
// `import()` in the script itself fails once its code comes from a cache, because Node 20 loses
// the script's import callback then, so the bundle is built without one (esbuild turns its other
// imports into require calls) and borrows this module's.
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname, __bundleImport) {\n';
const WRAPPER_END = '\n})';

/** The bundles this process has run, by path: a bundle runs once, and later calls share it. */
const started = new Map();
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** What a cache is valid for: this bundle file, as written, under this Node. */
function identityOf(bundlePath) {
  const { size, mtimeMs } = statSync(bundlePath);
  return JSON.stringify({ size, mtimeMs, node: process.version });
}

function readCache(cachePath, identity) {
  let file;
  try {
    file = readFileSync(cachePath);
  } catch {
    return undefined; // never trained (a build that could not start the bundle): compile as usual
  }
  const headerEnd = LENGTH_BYTES + file.readUInt32LE(0);
  return file.toString('utf8', LENGTH_BYTES, headerEnd) === identity ? file.subarray(headerEnd) : undefined;
}

function writeCache(cachePath, identity, data) {
  const header = Buffer.from(identity, 'utf8');
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(header.length, 0);
  const temporary = `${cachePath}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([length, header, data]));
  renameSync(temporary, cachePath);
}

/**
 * Runs the CommonJS bundle at `bundlePath` in this process, from its code cache when one was made
 * for it, once: a later call for the same path returns the same result, so an ES module that
 * needs the bundle's instance (Loom's dist/runtime.mjs, which generated programs import) gets
 * the one the CLI is running. Returns the bundle's `module.exports` and what became of the cache: `used`, `refused`
 * by V8 (made under other flags or another V8), or `absent` (none, or made for another build).
 * @param {string} bundlePath
 * @returns {{ exports: unknown, cache: 'used' | 'refused' | 'absent' }}
 */
export function runWithCodeCache(bundlePath) {
  const running = started.get(bundlePath);
  if (running !== undefined) return running;
  const cachePath = `${bundlePath}.cache`;
  const identity = identityOf(bundlePath);
  const cachedData = readCache(cachePath, identity);
  const script = new vm.Script(WRAPPER_START + readFileSync(bundlePath, 'utf8') + WRAPPER_END, {
    filename: bundlePath,
    lineOffset: -1,
    cachedData,
  });
  if (process.env[TRAINING_VARIABLE] === '1') {
    delete process.env[TRAINING_VARIABLE]; // for this process only, not the processes it starts
    // Taken at exit so that it holds every function the run compiled, not only the top level.
    process.once('exit', () => writeCache(cachePath, identity, script.createCachedData()));
  }
  const module = { exports: {} };
  const require = createRequire(bundlePath);
  // A package is resolved from the bundle's place, as its own import would be; a URL (a
  // built-in's `node:`, a program's `data:` or `file:` module) is imported as it is.
  const bundleImport = (specifier) => import(URL_SCHEME.test(specifier) ? specifier : pathToFileURL(require.resolve(specifier)).href);
  script.runInThisContext()(module.exports, require, module, bundlePath, dirname(bundlePath), bundleImport);
  const result = { exports: module.exports, cache: cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'refused' : 'used' };
  started.set(bundlePath, result);
  return result;
}

import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenericLanguageModel, GenericModelLimits, NgramScore } from './generic-language-model.js';

type Answer = { ok: true; model: GenericLanguageModel } | { ok: false; message: string };

/** How long reading the model may take (~1 s on a 2-core VM) before the vocabulary is built without it. */
const READ_TIMEOUT_MS = 60_000;
/** Bumped when the reader or the cache's layout changes. */
const CACHE_FORMAT = 1;
const CACHE_FILE = /^general-english-[0-9a-f]{16}\.json$/;

/** The cache file's layout: the maps as entry lists. */
interface CachedModel {
  unigrams: [string, number, number][];
  bigrams: [string, number, number][];
  trigrams: [string, number][];
}

/**
 * pocketsphinx-en-us's general English model, pruned to `limits`: from `cacheDir` when this
 * model file was read with these limits before, else read in a child process of its own
 * (general-english-process.ts; ~1–2 s, which a class's first clip would wait for) and cached
 * there. Rejects when the model cannot be read.
 */
export async function loadGeneralEnglish(path: string, limits: GenericModelLimits, cacheDir: string): Promise<GenericLanguageModel> {
  const { size, mtimeMs } = await stat(path);
  const key = createHash('sha256').update(JSON.stringify([CACHE_FORMAT, path, size, mtimeMs, limits])).digest('hex').slice(0, 16);
  const cachePath = join(cacheDir, `general-english-${key}.json`);
  const cached = await readFile(cachePath, 'utf8').then(fromCache, () => null);
  if (cached) return cached;
  const model = await readInChildProcess(path, limits);
  // Written whole then renamed: a reader never sees half a file. Older caches (another model or limits) go.
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) if (CACHE_FILE.test(name)) await rm(join(cacheDir, name), { force: true });
  const partial = `${cachePath}.${process.pid}.partial`;
  await mkdir(cacheDir, { recursive: true })
    .then(() => writeFile(partial, JSON.stringify(toCache(model))))
    .then(() => rename(partial, cachePath))
    .catch(() => rm(partial, { force: true }));
  return model;
}

function toCache(model: GenericLanguageModel): CachedModel {
  return {
    unigrams: [...model.unigrams].map(([word, score]) => [word, score.logProb, score.logBackoff]),
    bigrams: [...model.bigrams].map(([key, score]) => [key, score.logProb, score.logBackoff]),
    trigrams: [...model.trigrams],
  };
}

/** The cached model, or null when the file is damaged (it is then read again). */
function fromCache(text: string): GenericLanguageModel | null {
  let cached: CachedModel;
  try {
    cached = JSON.parse(text) as CachedModel;
  } catch {
    return null;
  }
  if (![cached.unigrams, cached.bigrams, cached.trigrams].every(Array.isArray)) return null;
  const scores = (entries: [string, number, number][]) => new Map<string, NgramScore>(entries.map(([key, logProb, logBackoff]) => [key, { logProb, logBackoff }]));
  return { unigrams: scores(cached.unigrams), bigrams: scores(cached.bigrams), trigrams: new Map(cached.trigrams) };
}

function readInChildProcess(path: string, limits: GenericModelLimits): Promise<GenericLanguageModel> {
  return new Promise((resolve, reject) => {
    const options = { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[], serialization: 'advanced' as const };
    // The bundled module next to Lectern's bundle, or the TypeScript source through tsx.
    const child = import.meta.url.endsWith('.ts')
      ? fork(new URL('./general-english-process.ts', import.meta.url), [], { ...options, execArgv: ['--import', 'tsx'] })
      : fork(new URL('./general-english.mjs', import.meta.url), [], options);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), READ_TIMEOUT_MS);
    let answer: Answer | undefined;
    child.once('message', (message: Answer) => (answer = message));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`The general English model could not be read: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (answer?.ok) resolve(answer.model);
      else reject(new Error(`The general English model could not be read: ${answer?.message ?? (stderr.trim() || `the reader ended (${signal ?? code})`)}`));
    });
    child.send({ path, limits });
  });
}

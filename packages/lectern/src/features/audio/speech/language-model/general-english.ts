import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readGenericLanguageModel, type GenericLanguageModel, type GenericModelLimits, type NgramScore } from './generic-language-model.js';

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
 * model file was read with these limits before (~0.3 s), else read from the trie (~1.6 s more for
 * the first build of an install) and cached there. Rejects when the model cannot be read.
 * Runs in the vocabulary process (vocabulary/vocabulary-process.ts), never in the server.
 */
export async function loadGeneralEnglish(path: string, limits: GenericModelLimits, cacheDir: string): Promise<GenericLanguageModel> {
  const { size, mtimeMs } = await stat(path);
  const key = createHash('sha256').update(JSON.stringify([CACHE_FORMAT, path, size, mtimeMs, limits])).digest('hex').slice(0, 16);
  const cachePath = join(cacheDir, `general-english-${key}.json`);
  const cached = await readFile(cachePath, 'utf8').then(fromCache, () => null);
  if (cached) return cached;
  const model = await readGenericLanguageModel(path, limits);
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

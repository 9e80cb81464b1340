import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Words whose espeak-ng spelling is remembered per voice: a class's vocabulary is rebuilt every
 * few entries, each time in a process of its own, and its words are nearly all words spelled before.
 */
const REMEMBERED_WORDS_MAX = 50_000;

function pathOf(directory: string, voice: string): string {
  return join(directory, `spellings-${voice.replace(/[^a-z0-9-]/gi, '_')}.json`);
}

/** The spellings remembered in `directory` for this voice (empty when none or unreadable). */
export async function rememberedSpellings(directory: string, voice: string): Promise<Map<string, string>> {
  try {
    const stored = JSON.parse(await readFile(pathOf(directory, voice), 'utf8')) as unknown;
    if (!Array.isArray(stored)) return new Map();
    return new Map(stored.filter((pair): pair is [string, string] => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string'));
  } catch {
    return new Map();
  }
}

/**
 * Adds `spelled` to what is remembered and writes it back whole (renamed into place: two builds
 * writing at once leave one of their files, never a mixture). Past the limit it starts afresh.
 */
export async function rememberSpellings(directory: string, voice: string, known: ReadonlyMap<string, string>, spelled: ReadonlyMap<string, string>): Promise<void> {
  if (spelled.size === 0) return;
  const merged = known.size + spelled.size > REMEMBERED_WORDS_MAX ? new Map(spelled) : new Map([...known, ...spelled]);
  const path = pathOf(directory, voice);
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, JSON.stringify([...merged]));
    await rename(partial, path);
  } catch {
    // Only a cache: the next build spells these words again.
    await rm(partial, { force: true });
  }
}

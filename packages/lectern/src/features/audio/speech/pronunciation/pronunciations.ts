import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * The dictionary lines (`word PH ON ES`, alternates as `word(2) ...`) of the given words,
 * read from a CMU-format dictionary in one streaming pass. The whole dictionary (134k words)
 * is never held in memory; a build reads it once, in the background.
 */
export async function pronunciationsOf(dictionaryPath: string, words: ReadonlySet<string>): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const lines = createInterface({ input: createReadStream(dictionaryPath, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const head = line.slice(0, space);
    const paren = head.indexOf('(');
    const word = paren > 0 ? head.slice(0, paren) : head;
    if (!words.has(word)) continue;
    const phones = line.slice(space + 1).trim();
    if (phones === '') continue;
    let list = found.get(word);
    if (!list) found.set(word, (list = []));
    list.push(phones);
  }
  return found;
}

/** Dictionary text for the decoder: one line per pronunciation, alternates numbered from 2. */
export function dictionaryText(pronunciations: ReadonlyMap<string, readonly string[]>): string {
  const lines: string[] = [];
  for (const [word, variants] of [...pronunciations].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    variants.forEach((phones, index) => lines.push(index === 0 ? `${word} ${phones}` : `${word}(${index + 1}) ${phones}`));
  }
  return lines.join('\n') + '\n';
}

/** The pronunciations with each word's `extra` one added as a further variant, where the word has it not already. */
export function withVariants(pronunciations: ReadonlyMap<string, readonly string[]>, extra: ReadonlyMap<string, string>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [word, variants] of pronunciations) {
    const added = extra.get(word);
    result.set(word, added === undefined || variants.includes(added) ? [...variants] : [...variants, added]);
  }
  return result;
}

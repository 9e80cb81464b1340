/** Comma-separated lists (arguments, list and map literals, patterns, parameters). */
import { describeToken } from '../tokens.js';
import type { Cursor } from './cursor.js';

/**
 * Runs `parseItem` for each item of a comma-separated list up to (not including) `closer`.
 * Trailing commas and line breaks between items are allowed. A broken item is skipped up to
 * the next comma or the closer, so one bad item yields one diagnostic.
 */
export function parseCommaSeparated(p: Cursor, closer: ')' | ']' | '}', itemName: string, parseItem: () => void): void {
  while (!p.at(closer) && !p.atEnd) {
    const before = p.mark;
    parseItem();
    if (p.eat(',')) continue;
    if (p.at(closer) || p.atEnd) return;
    p.errorAtCurrent(`expected ',' or '${closer}' after the ${itemName}, found ${describeToken(p.current)}`);
    while (!p.at(',') && !atCloser(p) && !p.atEnd && !(p.current.newlineBefore && p.hasAdvancedSince(before))) {
      p.skipTokenOrGroup();
    }
    if (!p.eat(',')) return;
  }
}

/**
 * `items` in an array of exactly its length. An array grown by `push` keeps room for more
 * (16 slots after the first push), and a large file's tree keeps hundreds of thousands of lists
 * alive, so each finished list of the tree is stored without that spare room.
 */
export function exactLength<T>(items: T[]): T[] {
  return items.length === 0 ? items : items.slice();
}

function atCloser(p: Cursor): boolean {
  return p.at(')') || p.at(']') || p.at('}');
}

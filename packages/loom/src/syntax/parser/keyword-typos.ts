/**
 * A misspelled declaration keyword (`agnet Writer {`) would otherwise read as the statement
 * `agnet` followed by a stray `Writer`. Spotting it lets the error name the keyword meant.
 */
import type { Cursor } from './cursor.js';
import type { DeclarationKeyword } from './declaration-starts.js';
import { DECLARATION_KEYWORDS } from './declaration-starts.js';

/** Keywords this far apart (in single-character edits) or closer count as a typo. */
const MAX_TYPO_EDITS = 2;
/** Words this short are too easily one edit away from anything (`db` vs `do`). */
const MIN_TYPO_LENGTH = 4;

/** The declaration keyword the word at the cursor misspells, if `word Name {` or `word Name(` follows. */
export function misspelledDeclarationKeyword(p: Cursor): DeclarationKeyword | null {
  const word = p.current;
  const name = p.peek(1);
  const after = p.peek(2);
  if (word.kind !== 'identifier' || name.kind !== 'identifier' || name.newlineBefore) return null;
  if (after.kind !== 'punctuator' || (after.text !== '{' && after.text !== '(')) return null;
  if (word.text.length < MIN_TYPO_LENGTH) return null;
  let best: DeclarationKeyword | null = null;
  let bestDistance = MAX_TYPO_EDITS + 1;
  for (const keyword of DECLARATION_KEYWORDS) {
    const distance = editDistance(word.text, keyword);
    if (distance > 0 && distance < bestDistance) {
      best = keyword;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance (insertions, deletions, substitutions, and adjacent swaps). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((table[i - 1]?.[j] ?? 0) + 1, (table[i]?.[j - 1] ?? 0) + 1, (table[i - 1]?.[j - 1] ?? 0) + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (table[i - 2]?.[j - 2] ?? 0) + 1);
      (table[i] as number[])[j] = best;
    }
  }
  return table[a.length]?.[b.length] ?? 0;
}

/**
 * A misspelled declaration keyword (`agnet Writer {`) would otherwise read as the statement
 * `agnet` followed by a stray `Writer`. Spotting it lets the error name the keyword meant.
 */
import type { Cursor } from './cursor.js';
import type { DeclarationKeyword } from './declaration-starts.js';
import { DECLARATION_KEYWORDS } from './declaration-starts.js';
import { editDistance } from '../../language/suggest.js';

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

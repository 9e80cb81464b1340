/**
 * "Did you mean …?" for misspelt names: the closest known name within a small edit distance.
 * Shared by the parser (keywords), the checker (names) and the CLI (commands and options).
 */

/** Edits allowed per this many characters of the misspelt name (a third of it, like most compilers). */
const CHARACTERS_PER_ALLOWED_EDIT = 3;
const MAX_EDIT_DISTANCE = 3;
/** A difference of letter case alone counts as half an edit, so `writer` finds `Writer` first. */
const CASE_ONLY_DISTANCE = 0.5;

export function suggestionHint(name: string, candidates: Iterable<string>): string | undefined {
  const allowed = Math.min(MAX_EDIT_DISTANCE, Math.max(1, Math.floor(name.length / CHARACTERS_PER_ALLOWED_EDIT)));
  const lowerName = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    let distance: number;
    if (candidate.toLowerCase() === lowerName) distance = CASE_ONLY_DISTANCE;
    // Every insertion or deletion is an edit, so a length difference this large cannot win.
    else if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    else distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best === undefined ? undefined : `did you mean '${best}'?`;
}

/**
 * Levenshtein distance with adjacent transpositions (optimal string alignment), keeping only
 * the three rows of the table the recurrence reads.
 */
export function editDistance(a: string, b: string): number {
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, beforePrevious[j - 2]! + 1);
      current[j] = best;
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length]!;
}

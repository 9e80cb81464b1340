/** "Did you mean …?" for misspelt names: the closest known name within a small edit distance. */

/** Edits allowed per this many characters of the misspelt name (a third of it, like most compilers). */
const CHARACTERS_PER_ALLOWED_EDIT = 3;
const MAX_EDIT_DISTANCE = 3;

export function suggestionHint(name: string, candidates: Iterable<string>): string | undefined {
  const allowed = Math.min(MAX_EDIT_DISTANCE, Math.max(1, Math.floor(name.length / CHARACTERS_PER_ALLOWED_EDIT)));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = caseAwareDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best === undefined ? undefined : `did you mean '${best}'?`;
}

/** A difference of letter case alone counts as half an edit, so `writer` finds `Writer` first. */
function caseAwareDistance(a: string, b: string): number {
  if (a.toLowerCase() === b.toLowerCase()) return 0.5;
  return editDistance(a, b);
}

/** Levenshtein distance with adjacent transpositions (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < columns; j += 1) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, table[i - 2]![j - 2]! + 1);
      table[i]![j] = best;
    }
  }
  return table[a.length]![b.length]!;
}

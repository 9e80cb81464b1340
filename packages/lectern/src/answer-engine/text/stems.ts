// Word stems for matching a question against the class: a teacher says "inhibitor", asks about
// "inhibition", and a student says "inhibits". Terms from tokens.ts are plural-folded already;
// this strips the common derivational and inflectional endings on top, for comparison only (a
// stem is never shown). Han bigrams and numbers pass through unchanged.

/** Endings tried longest first; the first that leaves a long enough stem is taken. */
const ENDINGS = ['ations', 'ation', 'ions', 'ion', 'ives', 'ive', 'ors', 'or', 'ers', 'er', 'ings', 'ing', 'edly', 'ed', 'ies', 'es', 'ly', 'ic', 's', 'e'];
/** A stem shorter than this is too ambiguous ("low" from "lower", "rat" from "rate"). */
const MIN_STEM_CHARS = 4;

const memo = new Map<string, string>();
/** The memo is cleared past this size: a class has a few thousand distinct words. */
const MEMO_MAX = 50_000;

export function stem(term: string): string {
  const known = memo.get(term);
  if (known !== undefined) return known;
  let out = term;
  if (/^[a-z][a-z'-]*$/.test(term)) {
    for (const ending of ENDINGS) {
      if (term.endsWith(ending) && term.length - ending.length >= MIN_STEM_CHARS) {
        out = term.slice(0, -ending.length);
        break;
      }
    }
    // "denature" and "denatur(ed)" meet once a final e is gone.
    if (out.endsWith('e') && out.length > MIN_STEM_CHARS) out = out.slice(0, -1);
    // "bigger", "stopped", "running": the consonant doubled before the ending goes with it.
    if (out !== term && /([b-df-hj-np-tv-z])\1$/.test(out) && !/(?:ll|ss|zz)$/.test(out)) out = out.slice(0, -1);
  }
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(term, out);
  return out;
}

export function stems(terms: readonly string[]): string[] {
  return terms.map(stem);
}

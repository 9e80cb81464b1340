// Tokenisation into comparable terms: lower-cased English words and overlapping Han bigrams.
import { HAN_RANGE } from './script.js';
import { CHINESE_FUNCTION_CHARACTERS, CHINESE_STOP_BIGRAMS, ENGLISH_STOP_WORDS } from './stopwords.js';

/** A run of Latin letters/digits (with inner apostrophes or hyphens) or a run of Han characters. */
const SEGMENT_PATTERN = new RegExp(`[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*|[${HAN_RANGE}]+`, 'g');
const FIRST_HAN_CODE = 0x3400;
/** Space, tab, line feed, carriage return, no-break space, ideographic space. */
const WHITESPACE_CODES: ReadonlySet<number> = new Set([0x20, 0x09, 0x0a, 0x0d, 0xa0, 0x3000]);
/** Single letters and the like are noise in retrieval; numbers stay ("chapter 3", "2 weeks"). */
const MIN_WORD_CHARS = 2;

/**
 * Consecutive content terms with nothing but spaces between them. Word pairs inside a run are
 * phrase candidates ("binary search"); a stop word or a punctuation mark ends a run.
 */
export type TermRun = string[];

/** Content terms of `text`: English words (lower-cased, plural folded) and Han bigrams. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const run of termRuns(text)) for (const term of run) terms.push(term);
  return terms;
}

export function termRuns(text: string): TermRun[] {
  const runs: TermRun[] = [];
  let previousEnd = 0;
  // One working array; each finished run is copied out at its exact size. Entries' runs are
  // cached (term-cache.ts), and an array grown by push keeps room for 16 more elements: that
  // slack was half the memory of a cached analysis.
  const run: TermRun = [];
  const flush = (): void => {
    if (run.length > 0) runs.push(run.slice());
    run.length = 0;
  };
  // Runs over every entry of a class: character codes are compared directly, not by regex.
  for (const match of text.matchAll(SEGMENT_PATTERN)) {
    const segment = match[0];
    if (!isBlank(text, previousEnd, match.index)) flush();
    previousEnd = match.index + segment.length;
    if (segment.charCodeAt(0) >= FIRST_HAN_CODE) {
      flush();
      for (const piece of hanContentPieces(segment)) runs.push(hanBigrams(piece));
      continue;
    }
    const lower = segment.toLowerCase();
    const plain = lower.includes('’') ? lower.replace(/’/g, "'") : lower;
    // Stop words are checked before folding too: "does" must not become the content word "doe".
    const word = ENGLISH_STOP_WORDS.has(plain) ? '' : foldPlural(plain);
    if (word.length < MIN_WORD_CHARS || ENGLISH_STOP_WORDS.has(word)) flush();
    else run.push(word);
  }
  flush();
  return runs.filter((r) => r.length > 0);
}

/** Whether text[from..to) holds only whitespace: punctuation between two words ends a run. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    if (!WHITESPACE_CODES.has(text.charCodeAt(i))) return false;
  }
  return true;
}

/** Han text cut at function characters, so no bigram straddles a particle or pronoun. */
function hanContentPieces(segment: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of segment) {
    if (CHINESE_FUNCTION_CHARACTERS.has(char)) {
      if (current.length > 0) pieces.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current.length > 0) pieces.push(current);
  return pieces;
}

/** A lone character between particles ("怎" in 怎么办) is too ambiguous to match on. */
function hanBigrams(piece: string): string[] {
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < piece.length; i++) {
    const bigram = piece.slice(i, i + 2);
    if (!CHINESE_STOP_BIGRAMS.has(bigram)) bigrams.push(bigram);
  }
  return bigrams;
}

/**
 * Folds English plurals so "enzymes" meets "enzyme" and "studies" meets "study", while keeping
 * terms readable enough to show to a student (no aggressive stemming).
 */
export function foldPlural(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (/(?:ss|us|is|'s)$/.test(word)) return word.endsWith("'s") ? word.slice(0, -2) : word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:sses|xes|ches|shes|zzes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

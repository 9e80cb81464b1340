/**
 * Words as the recognisers' English dictionary spells them: lower case letters with inner
 * apostrophes ("don't", "teacher's"). Everything else (digits, symbols, other scripts) splits.
 */
const WORD = /[a-z]+(?:'[a-z]+)*/g;

const SENTENCE_BREAK = /[.!?;:\n\r•·|()[\]{}"“”]+/;

/** The word sequences of a text, one per sentence-like stretch (a line, a sentence, a bullet). */
export function sentencesOfWords(text: string): string[][] {
  const sentences: string[][] = [];
  for (const stretch of text.toLowerCase().replace(/[’‘]/g, "'").split(SENTENCE_BREAK)) {
    const words = stretch.match(WORD);
    if (words && words.length > 0) sentences.push(words);
  }
  return sentences;
}

/** sentencesOfWords over a long text, a slice of lines at a time, yielding to the event loop between slices. */
export async function sentencesOfLongText(text: string, sliceChars = 50_000, pause: () => Promise<unknown> = () => Promise.resolve()): Promise<string[][]> {
  const sentences: string[][] = [];
  for (let start = 0; start < text.length; ) {
    // Cut after a line break so no sentence is split across slices.
    let end = Math.min(text.length, start + sliceChars);
    const lineEnd = text.indexOf('\n', end);
    end = end === text.length ? end : lineEnd === -1 ? text.length : lineEnd + 1;
    for (const sentence of sentencesOfWords(text.slice(start, end))) sentences.push(sentence);
    start = end;
    await pause();
  }
  return sentences;
}

/** Word sequence of one recognised or reference line, for comparisons and word error rate. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().replace(/[’‘]/g, "'").match(WORD) ?? [];
}

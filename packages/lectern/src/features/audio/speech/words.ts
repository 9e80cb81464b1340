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

/** Word sequence of one recognised or reference line, for comparisons and word error rate. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().replace(/[’‘]/g, "'").match(WORD) ?? [];
}

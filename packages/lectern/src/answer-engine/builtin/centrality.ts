// Which sentences best represent a stretch of speech: those made of its most repeated terms.
import { isQuestion } from '../text/questions.js';
import type { ClassSentence } from './class-sentences.js';

/** Fragments ("Okay.", "Right, so") say nothing on their own. */
const MIN_CONTENT_TERMS = 3;

function termCounts(sentences: readonly ClassSentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of new Set(sentence.terms)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

/**
 * Statements ranked by how much of the passage's recurring vocabulary they carry. The square
 * root of the length keeps long rambling sentences from winning on size alone.
 */
export function centralSentences(sentences: readonly ClassSentence[], limit: number): ClassSentence[] {
  const counts = termCounts(sentences);
  return sentences
    .filter((s) => s.terms.length >= MIN_CONTENT_TERMS && !isQuestion(s.text))
    .map((sentence) => {
      const unique = new Set(sentence.terms);
      let weight = 0;
      for (const term of unique) weight += (counts.get(term) ?? 1) - 1;
      return { sentence, score: weight / Math.sqrt(unique.size + 1) };
    })
    .sort((a, b) => b.score - a.score || b.sentence.position - a.sentence.position)
    .slice(0, limit)
    .map((ranked) => ranked.sentence);
}

// Finding the question the teacher most recently put to the class.
import { isClassDirected, questionStrength } from '../text/questions.js';
import type { ClassSentence } from './class-sentences.js';

/** A question with fewer content terms ("What do you think?") leans on the sentence before it. */
const SELF_CONTAINED_QUESTION_TERMS = 2;

export interface TeacherQuestion {
  sentence: ClassSentence;
  /** The sentence before, when the question only makes sense with it. */
  lead: ClassSentence | undefined;
}

/**
 * The newest question put to the class. A clear question ("?", 吗, "Can anyone…") wins over a
 * newer sentence that only might be one.
 */
export function latestTeacherQuestion(sentences: readonly ClassSentence[]): TeacherQuestion | undefined {
  let fallback: number | undefined;
  for (let i = sentences.length - 1; i >= 0; i--) {
    const text = sentences[i]?.text ?? '';
    const strength = questionStrength(text);
    if (strength === 'certain' || (strength === 'likely' && isClassDirected(text))) return withLead(sentences, i);
    if (strength === 'likely' && fallback === undefined) fallback = i;
  }
  return fallback === undefined ? undefined : withLead(sentences, fallback);
}

function withLead(sentences: readonly ClassSentence[], at: number): TeacherQuestion | undefined {
  const sentence = sentences[at];
  if (sentence === undefined) return undefined;
  const lead = sentence.terms.length < SELF_CONTAINED_QUESTION_TERMS ? sentences[at - 1] : undefined;
  return { sentence, lead };
}

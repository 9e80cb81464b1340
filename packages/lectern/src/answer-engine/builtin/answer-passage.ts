// The two sentences of the class that answer a question the teacher put to the room. A teacher
// checks what was just taught, so the answer is in the class's own explanation: the passage
// that shares the question's subject words, whose role fits what is asked (a reason for
// "why", a definition for "what is"), and that is not itself a question or an announcement.
import { findAnnouncement } from '../text/announcements.js';
import { Bm25Index, SENTENCE_LENGTH_NORMALISATION_B } from '../text/bm25.js';
import { isDefinition, isExample } from '../text/explanations.js';
import { questionIntent } from '../text/question-intent.js';
import { isQuestion } from '../text/questions.js';
import { tokenize } from '../text/tokens.js';
import type { ClassSentence } from './class-sentences.js';

/**
 * A passage is a sentence and the one after it: a teacher states a point and explains it in
 * the next breath ("So it shifts toward fewer moles. Four go to two."), and a rescue speaks two
 * sentences.
 */
const PASSAGE_SENTENCES = 2;
/** A later explanation outranks an earlier one of equal match by up to this share: it is what the class is on. */
const RECENCY_WEIGHT = 0.5;
/** A passage whose role fits the question (a reason for "why") outranks one that only shares its words. */
const ROLE_FIT_WEIGHT = 1.3;
/** A worked example answers "what is" worse than the sentence that defines. */
const EXAMPLE_WEIGHT = 0.85;
/** Cues that a sentence gives a reason or a consequence, in English and Chinese. */
const REASON_CUES = /\b(?:because|since|so|that's why|the reason|which means|that means|so that)\b|因为|由于|所以|原因|导致|因此/i;
/** A sentence with fewer content terms ("Right.", "Good.") explains nothing. */
const MIN_CONTENT_TERMS = 2;

export interface AnswerPassage {
  sentences: ClassSentence[];
  score: number;
}

/**
 * The passage of `before` (the class up to the question, oldest first) that best answers
 * `asked` (the asking words of the question), or undefined when no statement shares a
 * content word with it.
 */
export function answerPassage(asked: string, before: readonly ClassSentence[]): AnswerPassage | undefined {
  const query = tokenize(asked);
  if (query.length === 0) return undefined;
  const statements = before.filter((s) => s.terms.length >= MIN_CONTENT_TERMS && !isQuestion(s.text) && findAnnouncement(s.text) === null);
  if (statements.length === 0) return undefined;
  const index = new Bm25Index(statements.map((s) => s.terms), SENTENCE_LENGTH_NORMALISATION_B);
  const matched = new Map(index.search(query, statements.length).map((r) => [r.index, r.score]));
  const intent = questionIntent(asked);
  const first = statements[0]?.position ?? 0;
  const span = Math.max(1, (statements[statements.length - 1]?.position ?? 0) - first);
  let best: AnswerPassage | undefined;
  for (const [at, score] of matched) {
    const sentences = statements.slice(at, at + PASSAGE_SENTENCES);
    let total = sentences.reduce((sum, _, offset) => sum + (matched.get(at + offset) ?? 0), 0);
    total *= roleFit(intent, sentences);
    total *= 1 + (RECENCY_WEIGHT * ((sentences[0]?.position ?? first) - first)) / span;
    if (score > 0 && (best === undefined || total > best.score)) best = { sentences, score: total };
  }
  return best;
}

/** How well the passage's role suits what is asked. */
function roleFit(intent: ReturnType<typeof questionIntent>, sentences: readonly ClassSentence[]): number {
  const text = sentences.map((s) => s.text).join(' ');
  if (intent === 'why') return REASON_CUES.test(text) ? ROLE_FIT_WEIGHT : 1;
  if (intent === 'what') {
    if (isDefinition(text)) return ROLE_FIT_WEIGHT;
    return isExample(sentences[0]?.text ?? '') ? EXAMPLE_WEIGHT : 1;
  }
  return 1;
}

// Whether the class answered a question after it was asked: the next statements take it up
// ("Right, it just touches…", "Because…", "对，…") or speak to its terms. A deferral ("We'll
// come back to that", "下次课再说") leaves it open.
import { isQuestion } from '../text/questions.js';
import { MS_PER_MINUTE } from '../context/window.js';
import type { ClassSentence } from './class-sentences.js';

/** The answer comes within this many sentences and minutes of the question, or not at all. */
const ANSWER_SENTENCES_MAX = 3;
const ANSWER_MINUTES_MAX = 3;
const ANSWER_OPENERS = /^(?:(?:right|yes|yeah|exactly|correct|good|great|good answer|that's right|well done|because|it's because|the answer is|so the answer)\b|(?:对|是的|没错|很好|非常好|正确|因为|答案是))/i;
const DEFERRALS = /\b(?:come back to (?:that|this|it)|next (?:time|class|week|lecture)|later in the (?:course|term|semester)|we'll see (?:that|this) later)\b|下次课|下节课|以后再|后面再讲|下次再/i;

export function isAnswered(sentences: readonly ClassSentence[], at: number): boolean {
  const question = sentences[at];
  if (question === undefined) return false;
  const asked = Date.parse(question.entry.createdAt);
  const terms = new Set(question.terms);
  for (let i = at + 1; i < sentences.length && i <= at + ANSWER_SENTENCES_MAX; i++) {
    const next = sentences[i];
    if (next === undefined || Date.parse(next.entry.createdAt) - asked > ANSWER_MINUTES_MAX * MS_PER_MINUTE) break;
    if (DEFERRALS.test(next.text)) return false;
    if (isQuestion(next.text)) continue;
    const opens = ANSWER_OPENERS.test(next.text.trim());
    if (opens || next.terms.some((t) => terms.has(t))) return true;
  }
  return false;
}

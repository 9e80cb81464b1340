// The question a class ends on. Teachers often close with something to think about ("So how do
// their enzymes keep their shape at that temperature? Think about it.") and leave it open on
// purpose; it is the one question the notes must always carry, even when it is too short to
// name the subject ("为什么会慢这么多？", "So where does it want to go, and why?").
import { questionStrength } from '../text/questions.js';
import { isAnswered } from './answered.js';
import type { ClassSentence } from './class-sentences.js';

/**
 * At most this many statements may follow it: the goodbye and the reminders before it ("Think
 * about it, we'll start there on Thursday. The paper is due Sunday. See you then."). A question
 * further back was followed by more teaching, so it is not what the class ended on.
 */
const CLOSING_STATEMENTS_MAX = 8;
/** A goodbye answers nothing, even when it opens like an answer ("Good, see you Thursday."). */
const FAREWELL =
  /\b(?:see you|have a (?:good|great|nice)|enjoy (?:the|your)|that's (?:it|all) for today|i'll let you go|bye|goodbye)\b|下课|再见|今天就(?:讲)?到这(?:里|儿)/i;

/** Index into `sentences` of the unanswered question the class ended on, or -1. */
export function closingQuestion(sentences: readonly ClassSentence[]): number {
  let statements = 0;
  for (let at = sentences.length - 1; at >= 0 && statements <= CLOSING_STATEMENTS_MAX; at--) {
    const strength = questionStrength(sentences[at]?.text ?? '');
    if (strength === 'certain' || strength === 'likely') {
      const heard = sentences.filter((sentence, i) => i <= at || !FAREWELL.test(sentence.text));
      return isAnswered(heard, at) ? -1 : at;
    }
    // A check-in ("Any questions?") is not the question the class is left with; it is skipped.
    if (strength === 'none') statements++;
  }
  return -1;
}

// The example the class gave for a term, shared by the course's concepts (course-terms.ts)
// and the answer to a question about one (explanation.ts).
import { isExample } from '../text/explanations.js';
import { isQuestion } from '../text/questions.js';
import type { ClassSentence } from './class-sentences.js';

/** A question ("For example, what is 3 squared?") asks for an example; it does not give one. */
function givesExample(sentence: ClassSentence): boolean {
  return isExample(sentence.text) && !isQuestion(sentence.text);
}

/**
 * An example that names the term; else the example the class gave right after defining it
 * ("The power rule says … For instance, x² gives 2x."), which often leaves the term unsaid.
 * `mentions` are the sentences naming the term, in class order; `after` gives the sentence the
 * class said next (each caller has its own cheap way to find it).
 */
export function exampleOf(
  mentions: readonly ClassSentence[],
  definition: ClassSentence | undefined,
  after: (sentence: ClassSentence) => ClassSentence | undefined,
): ClassSentence | undefined {
  const naming = mentions.find((s) => s !== definition && givesExample(s));
  if (naming !== undefined || definition === undefined) return naming;
  const following = after(definition);
  return following !== undefined && givesExample(following) ? following : undefined;
}

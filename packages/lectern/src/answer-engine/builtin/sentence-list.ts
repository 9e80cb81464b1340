// The sentences of a class as explanation.ts reads them: by position in class order, with the
// positions that may mention a phrase and each sentence's announced topic. A list of sentences
// already made is read as it is; a kept class's whole transcript (class-sentences.ts,
// classSentenceList) makes a sentence only when it is read, so a follow-up on a two-hour class
// no longer makes 16,000 of them to read the few that name its subject.
import { sentenceTopic } from './class-sentences.js';
import type { ClassSentence } from './class-sentences.js';
import { SentenceLookup } from './sentence-lookup.js';

export interface SentenceList {
  readonly length: number;
  /** The sentence at `position`, the same object each time it is asked for. */
  at(position: number): ClassSentence | undefined;
  /** The position of this very sentence, -1 when it is not in the list. */
  indexOf(sentence: ClassSentence): number;
  /** Positions, ascending, of the sentences that may mention `phrase` (mentionPattern); null when any may. */
  mayMention(phrase: string): readonly number[] | null;
  /** The topic the sentence at `position` announces (sentenceTopic). */
  topicAt(position: number): string | null;
}

/** A list of sentences already made, read through its class's indexes when it has them. */
export function arraySentenceList(sentences: readonly ClassSentence[]): SentenceList {
  let lookup: SentenceLookup | undefined;
  return {
    length: sentences.length,
    at: (position) => sentences[position],
    indexOf: (sentence) => sentences.indexOf(sentence),
    mayMention: (phrase) => (lookup ??= SentenceLookup.of(sentences)).mayMention(phrase),
    topicAt: (position) => {
      const sentence = sentences[position];
      return sentence === undefined ? null : sentenceTopic(sentence);
    },
  };
}

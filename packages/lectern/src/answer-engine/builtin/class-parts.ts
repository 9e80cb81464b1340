// The class cut into its parts where the topic shifts: where the teacher announces a topic
// ("Now let's move on to the power rule") or introduces one of the class's concepts by
// defining it. A part too short to stand alone takes the new topic into its own name instead.
import { announcedTopic } from '../text/topics.js';
import type { ClassSentence } from './class-sentences.js';
import type { CourseTerm } from './course-terms.js';

export interface ClassPart {
  sentences: ClassSentence[];
  /** What the part introduced, in order. */
  labels: string[];
}

/** A part has at least this many sentences and this share of the class's time. */
const PART_SENTENCES_MIN = 3;
/** At most about this many parts, however long the class. */
const PARTS_TARGET_MAX = 12;
const INTRODUCING_CONCEPTS_MAX = 8;

export function classParts(sentences: readonly ClassSentence[], concepts: readonly CourseTerm[]): ClassPart[] {
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  if (first === undefined || last === undefined) return [];
  const span = Date.parse(last.entry.createdAt) - Date.parse(first.entry.createdAt);
  const partMsMin = span / PARTS_TARGET_MAX;
  const introductions = new Map<ClassSentence, string>();
  for (const concept of concepts.slice(0, INTRODUCING_CONCEPTS_MAX)) {
    if (concept.definition !== undefined && !introductions.has(concept.definition)) introductions.set(concept.definition, concept.name);
  }
  const parts: ClassPart[] = [];
  let current: ClassPart = { sentences: [], labels: [] };
  for (const sentence of sentences) {
    const topic = announcedTopic(sentence.text) ?? introductions.get(sentence);
    if (topic !== undefined && !current.labels.some((label) => sameTopic(label, topic))) {
      const start = current.sentences[0];
      const longEnough =
        start !== undefined &&
        current.sentences.length >= PART_SENTENCES_MIN &&
        Date.parse(sentence.entry.createdAt) - Date.parse(start.entry.createdAt) >= partMsMin;
      if (longEnough) {
        parts.push(current);
        current = { sentences: [], labels: [] };
      }
      current.labels.push(topic);
    }
    current.sentences.push(sentence);
  }
  parts.push(current);
  return parts;
}

/** "tangent lines" announced and "tangent line" defined are one topic. */
function sameTopic(a: string, b: string): boolean {
  const fold = (text: string): string => text.toLowerCase().replace(/(?:es|s)\b/g, '');
  return fold(a).includes(fold(b)) || fold(b).includes(fold(a));
}

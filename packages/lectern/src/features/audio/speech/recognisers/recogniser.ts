import type { VocabularySources } from '../vocabulary/course-vocabulary.js';

/** What a recogniser knows about the class a clip belongs to. */
export interface ClipContext {
  sessionId: string;
  /** The class's course: a course's speaker adaptation carries over to its next class. */
  courseName: string;
  /** Reads the class's vocabulary sources (material, transcript, course name) when needed. */
  vocabularySources(): VocabularySources;
  /** Changes when the material does, and grows with the transcript: tells when to rebuild the vocabulary. */
  materialId: string | null;
  entryCount: number;
}

/** One speech recogniser behind `asr.model_id`. Loaded once, reused; one clip at a time. */
export interface Recogniser {
  readonly id: string;
  /** The text of a 16 kHz mono clip ('' when nothing was recognised). */
  recognise(samples: Int16Array, context: ClipContext): Promise<string>;
  /** Starts, in the background, what a class's clips will decode with (its course vocabulary, its first decoder). */
  prepare?(context: ClipContext): void;
  close(): void;
}

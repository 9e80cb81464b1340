import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files of one built vocabulary's folder, which the vocabulary process writes
 * (build-vocabulary.ts) and the server reads (course-vocabulary.ts). A folder is complete once it
 * exists: it is written whole, then renamed into place.
 */
export const vocabularyFiles = {
  /** The model in ARPA text, kept only when it could not be converted. */
  arpaModel: 'course.lm',
  /** The model in pocketsphinx's binary form: pocketsphinx tells the two apart by extension. */
  binaryModel: 'course.lm.bin',
  dictionary: 'course.dict',
  accentVariantsDictionary: 'course-accents.dict',
  /** How many course words the dictionary could pronounce (a number, as text). */
  courseWords: 'course-words',
  /** The course name it was built for: a new class of the course starts with it (course-vocabulary.ts). */
  courseName: 'course-name',
} as const;

/** The model file of a complete vocabulary folder: the binary form when it has one. */
export function languageModelIn(folder: string): string {
  const binary = join(folder, vocabularyFiles.binaryModel);
  return existsSync(binary) ? binary : join(folder, vocabularyFiles.arpaModel);
}

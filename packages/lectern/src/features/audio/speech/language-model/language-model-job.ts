import type { LanguageModelInput } from './arpa.js';
import type { GenericModelLimits } from './generic-language-model.js';

/** Where general English comes from and how much of it (course-vocabulary.ts's `generalEnglish`). */
export interface GeneralEnglishSource {
  /** pocketsphinx-en-us's `en-us.lm.bin`. */
  modelPath: string;
  limits: GenericModelLimits;
  /** Where the pruned model is cached (general-english.ts). */
  cacheDir: string;
  weight: number;
}

/** What the language model process (language-model-process.ts) is asked to do. */
export type LanguageModelJob =
  /** The general model's words, which the dictionary must then pronounce; creates the cache. */
  | { kind: 'general-words'; general: GeneralEnglishSource }
  /** A course model with general English mixed in, written as ARPA text to `outputPath`. */
  | { kind: 'build'; general: GeneralEnglishSource; input: Omit<LanguageModelInput, 'general'>; speakableWords: string[]; outputPath: string };

export type LanguageModelAnswer = { ok: true; words: string[] } | { ok: true; written: string } | { ok: false; message: string };

import type { GenericModelLimits } from '../language-model/generic-language-model.js';
import type { VocabularySources } from './course-vocabulary.js';

/** Where general English comes from and how much of it (course-vocabulary.ts's `generalEnglish`). */
export interface GeneralEnglishSource {
  /** pocketsphinx-en-us's `en-us.lm.bin`. */
  modelPath: string;
  limits: GenericModelLimits;
  /** Where the pruned model is cached (general-english.ts). */
  cacheDir: string;
  weight: number;
}

/** One course vocabulary for the vocabulary process (vocabulary-process.ts) to build into `folder`. */
export interface VocabularyJob {
  sources: VocabularySources;
  /** The vocabulary's folder, written whole (atomic-folder.ts) when the build succeeds. */
  folder: string;
  /** The folder of all vocabularies, where espeak-ng's remembered spellings are kept too. */
  directory: string;
  dictionaryPath: string;
  /** null: no espeak-ng, words the dictionary lacks are left out. */
  espeakExecutable: string | null;
  /** null: the course's text alone. */
  general: GeneralEnglishSource | null;
  languageModelConverter: string | null;
}

/** Something the build did without, which the server logs (the vocabulary is still usable). */
export interface VocabularyWarning {
  /**
   * `general-unreadable`: general English could not be read (later builds go without it);
   * `general-failed`: it could not be mixed into this model; `conversion`: the model stayed ARPA text.
   */
  kind: 'general-unreadable' | 'general-failed' | 'conversion';
  message: string;
}

export type VocabularyAnswer =
  /** `courseWords` null: the sources had no word the dictionary could pronounce, so nothing was written. */
  | { ok: true; courseWords: number | null; warnings: VocabularyWarning[] }
  | { ok: false; message: string };

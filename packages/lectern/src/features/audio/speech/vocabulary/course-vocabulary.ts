import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { executableOnPath } from '../../../../platform/executables.js';
import { runVocabularyJob } from './vocabulary-child.js';
import { languageModelIn, vocabularyFiles } from './vocabulary-folder.js';
import type { GeneralEnglishSource, VocabularyJob } from './vocabulary-job.js';

/** The speech synthesiser of `VocabularyBuilderOptions.espeakExecutable`, Debian's `espeak-ng`. */
export const ESPEAK = 'espeak-ng';

/** The converter of `VocabularyBuilderOptions.languageModelConverter`, from Debian's `sphinxbase-utils`. */
export const LANGUAGE_MODEL_CONVERTER = 'sphinx_lm_convert';

/** `sphinx_lm_convert` on the search path, or null (course models then stay ARPA text). */
export function findLanguageModelConverter(searchPath: string): string | null {
  return executableOnPath(LANGUAGE_MODEL_CONVERTER, searchPath);
}

/** What a class's vocabulary is made of. */
export interface VocabularySources {
  courseName: string;
  /** The session's material text, or null without one. */
  materialText: string | null;
  /** The class's transcript so far (the newest part when long). */
  transcript: string;
}

/** A built vocabulary: the files the decoder loads. */
export interface CourseVocabulary {
  /** Its folder's name, from the hash of its sources: the same id is the same vocabulary. */
  id: string;
  languageModelPath: string;
  /** The dictionary's pronunciations (American), for a decoder adapted to the class's speaker. */
  dictionaryPath: string;
  /**
   * The same with a British pronunciation beside each word, for the stock acoustic model: it
   * keeps other accents' vowels decodable before the speaker is learnt (after, the American
   * pronunciations alone decode best: docs/benchmarks.md).
   */
  accentVariantsDictionaryPath: string;
  /** Distinct course words the dictionary could pronounce (common words not counted). */
  courseWords: number;
}

/** A vocabulary on its way: read from disk when built before, else built by a vocabulary process. */
export interface VocabularyBuild {
  readonly vocabulary: Promise<CourseVocabulary | null>;
  /**
   * True, within a few ms, when the vocabulary was built before (it is then only read from
   * disk) or there is nothing to build; false when a build process had to start (seconds).
   */
  readonly fromDisk: Promise<boolean>;
}

/** Bumped whenever the way a vocabulary is built changes, so cached ones are rebuilt. */
const BUILD_VERSION = 'v9';
/** Built vocabularies kept on disk; the least recently used beyond this are removed. */
const CACHED_VOCABULARIES_MAX = 16;
/** A built vocabulary's folder name (its id): the first half of its sources' hash. */
const FOLDER_NAME = /^[0-9a-f]{32}$/;
/** A language model half-written by the vocabulary process whose pid it names. */
const PARTIAL_MODEL = /\.(\d+)\.lm\.partial$/;
/**
 * General English mixed into every course model: its most frequent words, the n-grams among
 * them that matter most, and its weight in the mixture. Measured on the audio bench
 * (docs/benchmarks.md, "General English, larger"): with a decoder language weight of 9 (not 12),
 * 5,000 words at weight 0.7 decode recorded voices' lectures and everyday class talk far better
 * than 1,000 at 0.2; more n-grams than these gained nothing and made each build slower.
 */
export const generalEnglish = { words: 5_000, ngramsPerOrder: 150_000, weight: 0.7 } as const;

export interface VocabularyBuilderOptions {
  /** The pronunciation dictionary (cmudict-en-us.dict). */
  dictionaryPath: string;
  /** espeak-ng, which spells out words the dictionary lacks; null: none (those words are left out); absent: `espeak-ng` on PATH. */
  espeakExecutable?: string | null;
  /** pocketsphinx-en-us's general English model (en-us.lm.bin), mixed into each course model; null: the course's text alone. */
  generalModelPath?: string | null;
  /** Called when general English cannot be mixed in: once when its model cannot be read (the vocabularies are then built without it), else per failed build. */
  onGeneralEnglishError?: (error: unknown) => void;
  /**
   * `sphinx_lm_convert` (Debian `sphinxbase-utils`), which turns each model into pocketsphinx's
   * binary form: a decoder then starts in ~0.06 s instead of ~0.3 s and holds ~17 MB instead of
   * ~30 MB, and decodes the same words (docs/benchmarks.md). Absent or null: models stay ARPA text.
   */
  languageModelConverter?: string | null;
  /** Called when a model could not be converted (that vocabulary keeps its ARPA model). */
  onConversionError?: (error: unknown) => void;
}

export function vocabularyHash(sources: VocabularySources): string {
  const hash = createHash('sha256').update(BUILD_VERSION);
  for (const part of [sources.courseName, sources.materialText ?? '', sources.transcript]) hash.update(`\0${part.length}\0`).update(part);
  return hash.digest('hex');
}

function vocabularyIn(directory: string, id: string, courseWords: number): CourseVocabulary {
  const folder = join(directory, id);
  return {
    id,
    languageModelPath: languageModelIn(folder),
    dictionaryPath: join(folder, vocabularyFiles.dictionary),
    accentVariantsDictionaryPath: join(folder, vocabularyFiles.accentVariantsDictionary),
    courseWords,
  };
}

/**
 * Course vocabularies (a trigram LM with backoff + a dictionary restricted to the words of the
 * class, a short list of common English words and the general English model's most frequent
 * words, with that model mixed in) in `directory`, one folder per content hash, so an unchanged
 * class never builds twice, even across restarts. Each build runs in a vocabulary process of
 * its own (build-vocabulary.ts); the server only hashes the sources and reads folders. Words the
 * pronunciation dictionary lacks get espeak-ng's spelling-based pronunciation when espeak-ng is
 * installed; the rest cannot be decoded and split the sentences they occur in.
 */
export class VocabularyBuilder {
  readonly #building = new Map<string, VocabularyBuild>();
  /** Set once general English could not be read: later builds go without it, and it is said once. */
  #generalUnreadable = false;

  constructor(
    private readonly directory: string,
    private readonly options: VocabularyBuilderOptions,
  ) {}

  /**
   * The vocabulary for these sources (from the cache when built before); null (the generic
   * model) without a material: a class's own transcript alone would only teach the decoder the
   * words it already recognised, shutting every new word out.
   */
  build(sources: VocabularySources): Promise<CourseVocabulary | null> {
    return this.start(sources).vocabulary;
  }

  /** As build(), also telling soon whether the vocabulary is only read from disk (see VocabularyBuild). */
  start(sources: VocabularySources): VocabularyBuild {
    if (sources.materialText === null || sources.materialText.trim() === '') return { vocabulary: Promise.resolve(null), fromDisk: Promise.resolve(true) };
    const hash = vocabularyHash(sources);
    let pending = this.#building.get(hash);
    if (!pending) {
      const id = hash.slice(0, 32);
      const found = this.#builtBefore(id);
      pending = {
        vocabulary: found.then((built) => built ?? this.#build(id, sources)).finally(() => this.#building.delete(hash)),
        fromDisk: found.then((built) => built !== null),
      };
      this.#building.set(hash, pending);
    }
    return pending;
  }

  /**
   * The most recently used vocabulary built for this course name (by an earlier class, maybe
   * before a restart), or null: what a new class of the course decodes with until its own is built.
   */
  async latestForCourse(courseName: string): Promise<CourseVocabulary | null> {
    let latest: { name: string; used: number; courseWords: number } | null = null;
    for (const name of await this.#folders()) {
      const folder = join(this.directory, name);
      const [builtFor, courseWords, used] = await Promise.all([
        readFile(join(folder, vocabularyFiles.courseName), 'utf8').catch(() => null),
        readFile(join(folder, vocabularyFiles.courseWords), 'utf8').catch(() => null),
        stat(folder).then((found) => found.mtimeMs, () => 0),
      ]);
      if (builtFor === courseName && courseWords !== null && (!latest || used > latest.used)) latest = { name, used, courseWords: Number(courseWords) };
    }
    if (!latest) return null;
    await markUsed(join(this.directory, latest.name));
    return vocabularyIn(this.directory, latest.name, latest.courseWords);
  }

  /** The vocabulary of this id when it was built before (marked as just used), else null. */
  async #builtBefore(id: string): Promise<CourseVocabulary | null> {
    const folder = join(this.directory, id);
    const cached = await readFile(join(folder, vocabularyFiles.courseWords), 'utf8').catch(() => null);
    if (cached === null) return null;
    await markUsed(folder);
    return vocabularyIn(this.directory, id, Number(cached));
  }

  async #build(id: string, sources: VocabularySources): Promise<CourseVocabulary | null> {
    const folder = join(this.directory, id);
    const job: VocabularyJob = {
      sources,
      folder,
      directory: this.directory,
      dictionaryPath: this.options.dictionaryPath,
      espeakExecutable: this.options.espeakExecutable === undefined ? ESPEAK : this.options.espeakExecutable,
      general: this.#generalSource(),
      languageModelConverter: this.options.languageModelConverter ?? null,
    };
    const answer = await runVocabularyJob(job);
    for (const warning of answer.warnings) {
      if (warning.kind === 'conversion') this.options.onConversionError?.(new Error(warning.message));
      else if (warning.kind === 'general-failed') this.options.onGeneralEnglishError?.(new Error(warning.message));
      else if (!this.#generalUnreadable) {
        this.#generalUnreadable = true;
        this.options.onGeneralEnglishError?.(new Error(warning.message));
      }
    }
    await this.#evictOld();
    return answer.courseWords === null ? null : vocabularyIn(this.directory, id, answer.courseWords);
  }

  #generalSource(): GeneralEnglishSource | null {
    if (!this.options.generalModelPath || this.#generalUnreadable) return null;
    const { words, ngramsPerOrder, weight } = generalEnglish;
    return { modelPath: this.options.generalModelPath, limits: { words, ngramsPerOrder }, cacheDir: this.directory, weight };
  }

  async #folders(): Promise<string[]> {
    return (await readdir(this.directory).catch(() => [] as string[])).filter((name) => FOLDER_NAME.test(name));
  }

  async #evictOld(): Promise<void> {
    const names = await this.#folders();
    const folders = await Promise.all(names.map(async (name) => ({ name, used: await stat(join(this.directory, name)).then((found) => found.mtimeMs, () => 0) })));
    folders.sort((a, b) => b.used - a.used);
    for (const old of folders.slice(CACHED_VOCABULARIES_MAX)) await rm(join(this.directory, old.name), { recursive: true, force: true });
    // Language models a vocabulary process that stopped mid-build left (a running one's stay).
    for (const name of await readdir(this.directory).catch(() => [] as string[])) {
      const writer = PARTIAL_MODEL.exec(name)?.[1];
      if (writer !== undefined && !processRuns(Number(writer))) await rm(join(this.directory, name), { force: true });
    }
  }
}

/** A vocabulary folder's mtime is when it was last used: the least recently used are evicted first. */
async function markUsed(folder: string): Promise<void> {
  const now = new Date();
  await utimes(folder, now, now).catch(() => undefined);
}

/** Whether a process with this pid runs (signal 0 tests without signalling; EPERM: it runs as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

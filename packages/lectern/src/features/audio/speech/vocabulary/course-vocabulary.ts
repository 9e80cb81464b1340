import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { replaceFolder } from '../../../../platform/atomic-folder.js';
import { executableOnPath } from '../../../../platform/executables.js';
import { buildArpa, type LanguageModelInput } from '../language-model/arpa.js';
import { SENTENCE_MARKS } from '../language-model/backoff-model.js';
import { commonEnglishWords } from './common-words.js';
import { runLanguageModelJob } from '../language-model/language-model-child.js';
import type { GeneralEnglishSource } from '../language-model/language-model-job.js';
import { dictionaryText, pronunciationsOf, withVariants } from '../pronunciation/pronunciations.js';
import { spelledPronunciations } from '../pronunciation/spelled-pronunciations.js';
import { spokenMathOf } from './spoken-math.js';
import { StderrTail } from '../../../../platform/stderr-tail.js';
import { sentencesOfLongText } from '../words.js';

const run = promisify(execFile);

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
  hash: string;
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

/** Bumped whenever the way a vocabulary is built changes, so cached ones are rebuilt. */
const BUILD_VERSION = 'v8';
/** A conversion of the model to binary form (~0.25 s) is stopped after this. */
const CONVERSION_TIMEOUT_MS = 30_000;
const MAX_HIGHER_ORDER_NGRAMS = 400_000;
/** Built vocabularies kept on disk; the least recently used beyond this are removed. */
const CACHED_VOCABULARIES_MAX = 16;
/**
 * Course words the dictionary lacks that espeak-ng spells out, at most: the material's jargon
 * is few words; a material full of names or foreign text should not make the build slow.
 */
const SPELLED_WORDS_MAX = 2_000;
/**
 * Words given a British pronunciation as a variant, at most: the common words and the class's
 * most frequent words, which are most of what is said. espeak-ng spells ~1,000–2,000 words a
 * second and the first clip of a class waits for its vocabulary, so a textbook-sized material
 * (8,000 distinct words) must not make that wait seconds long.
 */
const ACCENT_VARIANT_WORDS_MAX = 1_500;
/** espeak-ng's British English voice, whose pronunciations become the dictionary's variants. */
const ACCENT_VARIANT_VOICE = 'en';
/** Words whose pronunciations (looked up, or spelled per voice) are remembered between builds: a class's rebuilds add few words. */
const REMEMBERED_WORDS_MAX = 50_000;
/** The model's file in a vocabulary's folder: pocketsphinx tells the two forms apart by extension. */
const ARPA_MODEL = 'course.lm';
const BINARY_MODEL = 'course.lm.bin';
/**
 * General English mixed into every course model: its most frequent words, the n-grams among
 * them that matter most, and its weight in the mixture. Measured on the audio bench
 * (docs/benchmarks.md, "General English, larger"): with a decoder language weight of 9 (not 12),
 * 5,000 words at weight 0.7 decode recorded voices' lectures and everyday class talk far better
 * than 1,000 at 0.2; more n-grams than these gained nothing and made each build slower.
 */
export const generalEnglish = { words: 5_000, ngramsPerOrder: 150_000, weight: 0.7 } as const;

const commonWords = new Set(commonEnglishWords);

export interface VocabularyBuilderOptions {
  /** The pronunciation dictionary (cmudict-en-us.dict). */
  dictionaryPath: string;
  /** espeak-ng, which spells out words the dictionary lacks (absent: those words are left out). */
  espeakExecutable?: string;
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

/**
 * Builds course vocabularies (a trigram LM with backoff + a dictionary restricted to the words
 * of the class, a short list of common English words and the general English model's most
 * frequent words, with that model mixed in) into `directory`, one folder per
 * content hash, so an unchanged class never builds twice, even across restarts. Words the
 * pronunciation dictionary lacks get espeak-ng's spelling-based pronunciation when espeak-ng is
 * installed; the rest cannot be decoded and split the sentences they occur in.
 */
export class VocabularyBuilder {
  readonly #building = new Map<string, Promise<CourseVocabulary | null>>();
  /** voice → word → CMU phones espeak-ng gave. */
  readonly #spelled = new Map<string, Map<string, string>>();
  /** word → its pronunciations in the dictionary, or null where it has none. */
  readonly #looked = new Map<string, string[] | null>();
  /**
   * General English's words, which the dictionary must pronounce, asked once of the language
   * model process; null without general English or when its model cannot be read.
   */
  #generalWords: Promise<string[] | null> | undefined;
  readonly #espeakExecutable: string;

  constructor(
    private readonly directory: string,
    private readonly options: VocabularyBuilderOptions,
  ) {
    this.#espeakExecutable = options.espeakExecutable ?? 'espeak-ng';
  }

  /**
   * The vocabulary for these sources (from the cache when built before); null (the generic
   * model) without a material: a class's own transcript alone would only teach the decoder the
   * words it already recognised, shutting every new word out.
   */
  build(sources: VocabularySources): Promise<CourseVocabulary | null> {
    if (sources.materialText === null || sources.materialText.trim() === '') return Promise.resolve(null);
    const hash = vocabularyHash(sources);
    let pending = this.#building.get(hash);
    if (!pending) {
      pending = this.#build(hash, sources).finally(() => this.#building.delete(hash));
      this.#building.set(hash, pending);
    }
    return pending;
  }

  async #build(hash: string, sources: VocabularySources): Promise<CourseVocabulary | null> {
    const folder = join(this.directory, hash.slice(0, 32));
    const vocabulary = (courseWords: number): CourseVocabulary => ({
      hash,
      languageModelPath: existsSync(join(folder, BINARY_MODEL)) ? join(folder, BINARY_MODEL) : join(folder, ARPA_MODEL),
      dictionaryPath: join(folder, 'course.dict'),
      accentVariantsDictionaryPath: join(folder, 'course-accents.dict'),
      courseWords,
    });
    const marker = join(folder, 'course-words');
    if (existsSync(marker)) {
      const now = new Date();
      await utimes(folder, now, now).catch(() => undefined);
      return vocabulary(Number(await readFile(marker, 'utf8')));
    }

    // The material's notation spelled out too ("x^2" → "x squared"): lecturers say it that way.
    const material = sources.materialText ?? '';
    const text = [sources.courseName, material, await spokenMathOf(material, () => yieldToEventLoop()), sources.transcript].join('\n');
    const sentences = await sentencesOfLongText(text, 50_000, () => yieldToEventLoop());
    const generalWords = await (this.#generalWords ??= this.#loadGeneralWords());
    const candidates = new Set<string>(commonEnglishWords);
    for (const sentence of sentences) for (const word of sentence) candidates.add(word);
    for (const word of generalWords ?? []) if (!SENTENCE_MARKS.has(word)) candidates.add(word);
    const pronunciations = await this.#lookUp(candidates);
    const missing = [...candidates].filter((word) => !pronunciations.has(word)).slice(0, SPELLED_WORDS_MAX);
    for (const [word, phones] of await this.#spell(missing, 'en-us')) pronunciations.set(word, [phones]);
    const courseWords = new Set<string>();
    // Unpronounceable words split their sentence: the decoder cannot hypothesise them.
    const known: string[][] = [];
    for (const [index, sentence] of sentences.entries()) {
      if (index % 5_000 === 4_999) await yieldToEventLoop();
      let run: string[] = [];
      for (const word of sentence) {
        if (pronunciations.has(word)) {
          run.push(word);
          courseWords.add(word);
        } else if (run.length > 0) {
          known.push(run);
          run = [];
        }
      }
      if (run.length > 0) known.push(run);
    }
    if (courseWords.size === 0) return null;
    const input = { sentences: known, extraWords: commonEnglishWords.filter((word) => pronunciations.has(word)), maxHigherOrderNgrams: MAX_HIGHER_ORDER_NGRAMS };
    // Written beside the folder, then moved into it with the dictionaries (removed if the build fails on the way).
    const languageModelPath = `${folder}.${process.pid}.lm.partial`;
    const binaryModelPath = `${folder}.bin.${process.pid}.lm.partial`;
    await mkdir(this.directory, { recursive: true });
    try {
      if (generalWords) await this.#writeMixedWithGeneralEnglish(input, pronunciations, languageModelPath);
      else await writeFile(languageModelPath, await buildArpa(input));
      // The acoustic model and the CMU dictionary are American; a British pronunciation beside
      // each word keeps other lecturers' vowels ("of" as /ɒv/, "fast" as /ɑːst/) decodable
      // (docs/benchmarks.md: it helped the American voice too). Not for the words only general
      // English brought: the same WER without them, and a class's first clip waited for espeak-ng
      // to spell a thousand more words.
      const classWords = [...pronunciations.keys()].filter((word) => courseWords.has(word) || commonWords.has(word));
      const variantWords = mostSaidFirst(classWords, sentences).slice(0, ACCENT_VARIANT_WORDS_MAX);
      const withAccents = withVariants(pronunciations, await this.#spell(variantWords, ACCENT_VARIANT_VOICE));
      const binary = await this.#converted(languageModelPath, binaryModelPath);
      await replaceFolder(folder, async (staging) => {
        // Only one form is kept: the decoder reads either, and the text is twice the size.
        await rename(binary ? binaryModelPath : languageModelPath, join(staging, binary ? BINARY_MODEL : ARPA_MODEL));
        await writeFile(join(staging, 'course.dict'), dictionaryText(pronunciations));
        await writeFile(join(staging, 'course-accents.dict'), dictionaryText(withAccents));
        await writeFile(join(staging, 'course-words'), String(courseWords.size));
      });
    } finally {
      await rm(languageModelPath, { force: true });
      await rm(binaryModelPath, { force: true });
    }
    await this.#evictOld();
    return vocabulary(courseWords.size);
  }

  /** Whether the ARPA model at `arpaPath` was converted to binary form at `binaryPath`. */
  async #converted(arpaPath: string, binaryPath: string): Promise<boolean> {
    const converter = this.options.languageModelConverter;
    if (!converter) return false;
    try {
      // The format is named: the converter guesses it from the extension, which a partial file lacks.
      await run(converter, ['-i', arpaPath, '-ifmt', 'arpa', '-o', binaryPath, '-ofmt', 'bin'], { timeout: CONVERSION_TIMEOUT_MS });
      return true;
    } catch (error) {
      // The tool logs every step on stderr: its own reason, as the other speech tools' errors give it.
      const stderr = new StderrTail();
      stderr.append(String((error as { stderr?: unknown }).stderr ?? ''));
      const reason = stderr.lastErrorLine() ?? stderr.lastLine() ?? (error as Error).message.split('\n')[0];
      this.options.onConversionError?.(new Error(`The course language model could not be converted to binary form: ${reason}`));
      return false;
    }
  }

  #generalSource(): GeneralEnglishSource | null {
    if (!this.options.generalModelPath) return null;
    const { words, ngramsPerOrder, weight } = generalEnglish;
    return { modelPath: this.options.generalModelPath, limits: { words, ngramsPerOrder }, cacheDir: this.directory, weight };
  }

  async #loadGeneralWords(): Promise<string[] | null> {
    const general = this.#generalSource();
    if (!general) return null;
    try {
      const answer = await runLanguageModelJob({ kind: 'general-words', general });
      return 'words' in answer ? answer.words : null;
    } catch (error) {
      this.options.onGeneralEnglishError?.(error);
      return null;
    }
  }

  /** Writes the course model with general English mixed in, built by the language model process; on its failure, the course model alone. */
  async #writeMixedWithGeneralEnglish(input: Omit<LanguageModelInput, 'general'>, pronunciations: ReadonlyMap<string, unknown>, path: string): Promise<void> {
    try {
      await runLanguageModelJob({ kind: 'build', general: this.#generalSource()!, input, speakableWords: [...pronunciations.keys()], outputPath: path });
    } catch (error) {
      this.options.onGeneralEnglishError?.(error);
      await writeFile(path, await buildArpa(input));
    }
  }

  /**
   * The dictionary's pronunciations of these words, remembered between builds: a class's
   * vocabulary is rebuilt every few entries, and the words its transcript adds are nearly all
   * words the decoder already had, so most rebuilds need no pass over the 3.5 MB dictionary.
   */
  async #lookUp(words: ReadonlySet<string>): Promise<Map<string, string[]>> {
    const unknown = new Set([...words].filter((word) => !this.#looked.has(word)));
    const found = unknown.size > 0 ? await pronunciationsOf(this.options.dictionaryPath, unknown) : new Map<string, string[]>();
    const pronunciations = new Map<string, string[]>();
    for (const word of words) {
      const variants = unknown.has(word) ? found.get(word) : this.#looked.get(word);
      if (variants) pronunciations.set(word, variants);
    }
    if (this.#looked.size + unknown.size > REMEMBERED_WORDS_MAX) this.#looked.clear();
    for (const word of unknown) this.#looked.set(word, found.get(word) ?? null);
    return pronunciations;
  }

  /**
   * espeak-ng's pronunciations of these words in one voice, remembered between builds. Only
   * answers are remembered: a word it could not spell (or an espeak-ng not yet installed) is
   * asked again by the next build, which costs little as such words are few.
   */
  async #spell(words: readonly string[], voice: string): Promise<Map<string, string>> {
    let memo = this.#spelled.get(voice);
    if (!memo) this.#spelled.set(voice, (memo = new Map()));
    const unknown = words.filter((word) => !memo.has(word));
    const spelled = await spelledPronunciations(unknown, { executable: this.#espeakExecutable, voice });
    const found = new Map<string, string>();
    for (const word of words) {
      const phones = memo.get(word) ?? spelled.get(word);
      if (phones) found.set(word, phones);
    }
    if (memo.size + spelled.size > REMEMBERED_WORDS_MAX) memo.clear();
    for (const [word, phones] of spelled) memo.set(word, phones);
    return found;
  }

  async #evictOld(): Promise<void> {
    const entries = await readdir(this.directory).catch(() => [] as string[]);
    const folders = await Promise.all(
      entries.filter((name) => /^[0-9a-f]{32}$/.test(name)).map(async (name) => ({ name, used: (await stat(join(this.directory, name))).mtimeMs })),
    );
    folders.sort((a, b) => b.used - a.used);
    for (const old of folders.slice(CACHED_VOCABULARIES_MAX)) await rm(join(this.directory, old.name), { recursive: true, force: true });
    // Language models a process that stopped mid-build left (this process removes its own).
    const ownPartial = `.${process.pid}.lm.partial`;
    for (const name of entries) if (name.endsWith('.lm.partial') && !name.endsWith(ownPartial)) await rm(join(this.directory, name), { force: true });
  }
}

/** The words, common English words first, then by how often the class's text uses them. */
function mostSaidFirst(words: readonly string[], sentences: readonly (readonly string[])[]): string[] {
  const uses = new Map<string, number>();
  for (const word of commonEnglishWords) uses.set(word, Number.MAX_SAFE_INTEGER);
  for (const sentence of sentences) for (const word of sentence) uses.set(word, (uses.get(word) ?? 0) + 1);
  return [...words].sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0));
}

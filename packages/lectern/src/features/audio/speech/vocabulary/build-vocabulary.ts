// The build of one course vocabulary, all of it: the words of the class's text, their
// pronunciations (the dictionary, else espeak-ng), the language model with general English mixed
// in, its binary form, the folder. It runs in the vocabulary process (vocabulary-process.ts),
// never in the server: a textbook-sized material is ~0.5 s of CPU in sentence splitting and
// lookups alone, which on the server's event loop delayed every request.
import { execFile } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { replaceFolder } from '../../../../platform/atomic-folder.js';
import { StderrTail } from '../../../../platform/stderr-tail.js';
import { buildArpa, type LanguageModelInput } from '../language-model/arpa.js';
import { SENTENCE_MARKS } from '../language-model/backoff-model.js';
import { loadGeneralEnglish } from '../language-model/general-english.js';
import type { GenericLanguageModel } from '../language-model/generic-language-model.js';
import { dictionaryText, pronunciationsOf, withVariants } from '../pronunciation/pronunciations.js';
import { rememberedSpellings, rememberSpellings } from '../pronunciation/remembered-spellings.js';
import { spelledPronunciations } from '../pronunciation/spelled-pronunciations.js';
import { sentencesOfWords } from '../words.js';
import { commonEnglishWords } from './common-words.js';
import { spokenMathOf } from './spoken-math.js';
import { vocabularyFiles } from './vocabulary-folder.js';
import type { VocabularyJob, VocabularyWarning } from './vocabulary-job.js';

const run = promisify(execFile);

/** A conversion of the model to binary form (~0.25 s) is stopped after this. */
const CONVERSION_TIMEOUT_MS = 30_000;
const MAX_HIGHER_ORDER_NGRAMS = 400_000;
/**
 * Course words the dictionary lacks that espeak-ng spells out, at most: the material's jargon
 * is few words; a material full of names or foreign text should not make the build slow.
 */
const SPELLED_WORDS_MAX = 2_000;
/**
 * Words given a British pronunciation as a variant, at most: the common words and the class's
 * most frequent words, which are most of what is said. espeak-ng spells ~1,000–2,000 words a
 * second, and until the build ends the class decodes with an older model, so a textbook-sized
 * material (8,000 distinct words) must not make the build seconds longer.
 */
const ACCENT_VARIANT_WORDS_MAX = 1_500;
/** espeak-ng's American voice spells missing words; its British voice gives the variants. */
const SPELLING_VOICE = 'en-us';
const ACCENT_VARIANT_VOICE = 'en';

const commonWords = new Set(commonEnglishWords);

/** What the build did: the course words it found (null: none, nothing written) and what it did without. */
export interface BuiltVocabulary {
  courseWords: number | null;
  warnings: VocabularyWarning[];
}

export async function buildVocabulary(job: VocabularyJob): Promise<BuiltVocabulary> {
  const warnings: VocabularyWarning[] = [];
  let general: GenericLanguageModel | null = null;
  if (job.general) {
    try {
      general = await loadGeneralEnglish(job.general.modelPath, job.general.limits, job.general.cacheDir);
    } catch (error) {
      warnings.push({ kind: 'general-unreadable', message: messageOf(error) });
    }
  }

  // The material's notation spelled out too ("x^2" → "x squared"): lecturers say it that way.
  const { courseName, materialText, transcript } = job.sources;
  const material = materialText ?? '';
  const sentences = sentencesOfWords([courseName, material, await spokenMathOf(material), transcript].join('\n'));
  const candidates = new Set<string>(commonEnglishWords);
  for (const sentence of sentences) for (const word of sentence) candidates.add(word);
  if (general) for (const word of general.unigrams.keys()) if (!SENTENCE_MARKS.has(word)) candidates.add(word);
  const pronunciations = await pronunciationsOf(job.dictionaryPath, candidates);
  const missing = [...candidates].filter((word) => !pronunciations.has(word)).slice(0, SPELLED_WORDS_MAX);
  for (const [word, phones] of await spell(job, missing, SPELLING_VOICE)) pronunciations.set(word, [phones]);

  const courseWords = new Set<string>();
  // Unpronounceable words split their sentence: the decoder cannot hypothesise them.
  const known: string[][] = [];
  for (const sentence of sentences) {
    let stretch: string[] = [];
    for (const word of sentence) {
      if (pronunciations.has(word)) {
        stretch.push(word);
        courseWords.add(word);
      } else if (stretch.length > 0) {
        known.push(stretch);
        stretch = [];
      }
    }
    if (stretch.length > 0) known.push(stretch);
  }
  if (courseWords.size === 0) return { courseWords: null, warnings };

  const input: LanguageModelInput = { sentences: known, extraWords: commonEnglishWords.filter((word) => pronunciations.has(word)), maxHigherOrderNgrams: MAX_HIGHER_ORDER_NGRAMS };
  // Written beside the folder, then moved into it with the dictionaries (removed if the build fails on the way).
  const languageModelPath = `${job.folder}.${process.pid}.lm.partial`;
  const binaryModelPath = `${job.folder}.bin.${process.pid}.lm.partial`;
  await mkdir(job.directory, { recursive: true });
  try {
    await writeFile(languageModelPath, await modelText(input, general, job, pronunciations, warnings));
    // The acoustic model and the CMU dictionary are American; a British pronunciation beside
    // each word keeps other lecturers' vowels ("of" as /ɒv/, "fast" as /ɑːst/) decodable
    // (docs/benchmarks.md: it helped the American voice too). Not for the words only general
    // English brought: the same WER without them, and a thousand more words for espeak-ng to spell.
    const classWords = [...pronunciations.keys()].filter((word) => courseWords.has(word) || commonWords.has(word));
    const variantWords = mostSaidFirst(classWords, sentences).slice(0, ACCENT_VARIANT_WORDS_MAX);
    const withAccents = withVariants(pronunciations, await spell(job, variantWords, ACCENT_VARIANT_VOICE));
    const binary = await converted(job.languageModelConverter, languageModelPath, binaryModelPath, warnings);
    await replaceFolder(job.folder, async (staging) => {
      // Only one form is kept: the decoder reads either, and the text is twice the size.
      await rename(binary ? binaryModelPath : languageModelPath, join(staging, binary ? vocabularyFiles.binaryModel : vocabularyFiles.arpaModel));
      await writeFile(join(staging, vocabularyFiles.dictionary), dictionaryText(pronunciations));
      await writeFile(join(staging, vocabularyFiles.accentVariantsDictionary), dictionaryText(withAccents));
      await writeFile(join(staging, vocabularyFiles.courseName), courseName);
      await writeFile(join(staging, vocabularyFiles.courseWords), String(courseWords.size));
    });
  } finally {
    await rm(languageModelPath, { force: true });
    await rm(binaryModelPath, { force: true });
  }
  return { courseWords: courseWords.size, warnings };
}

/** The course model as ARPA text, with general English mixed in when it was read; on a failure to mix, the course model alone. */
async function modelText(
  input: LanguageModelInput,
  general: GenericLanguageModel | null,
  job: VocabularyJob,
  pronunciations: ReadonlyMap<string, unknown>,
  warnings: VocabularyWarning[],
): Promise<string> {
  if (general && job.general) {
    try {
      return await buildArpa({ ...input, general: { model: general, weight: job.general.weight, speakable: (word) => pronunciations.has(word) } });
    } catch (error) {
      warnings.push({ kind: 'general-failed', message: messageOf(error) });
    }
  }
  return buildArpa(input);
}

/** espeak-ng's pronunciations of these words in one voice; those it spelled for earlier builds are remembered on disk. */
async function spell(job: VocabularyJob, words: readonly string[], voice: string): Promise<Map<string, string>> {
  if (job.espeakExecutable === null) return new Map();
  const remembered = await rememberedSpellings(job.directory, voice);
  const spelled = await spelledPronunciations(
    words.filter((word) => !remembered.has(word)),
    { executable: job.espeakExecutable, voice },
  );
  // Only answers are remembered: a word espeak-ng could not spell (or an espeak-ng not yet
  // installed) is asked again by the next build, which costs little as such words are few.
  await rememberSpellings(job.directory, voice, remembered, spelled);
  const found = new Map<string, string>();
  for (const word of words) {
    const phones = remembered.get(word) ?? spelled.get(word);
    if (phones) found.set(word, phones);
  }
  return found;
}

/** Whether the ARPA model at `arpaPath` was converted to binary form at `binaryPath`. */
async function converted(converter: string | null, arpaPath: string, binaryPath: string, warnings: VocabularyWarning[]): Promise<boolean> {
  if (!converter) return false;
  try {
    // The format is named: the converter guesses it from the extension, which a partial file lacks.
    await run(converter, ['-i', arpaPath, '-ifmt', 'arpa', '-o', binaryPath, '-ofmt', 'bin'], { timeout: CONVERSION_TIMEOUT_MS });
    return true;
  } catch (error) {
    // The tool logs every step on stderr: its own reason, as the other speech tools' errors give it.
    const stderr = new StderrTail();
    stderr.append(String((error as { stderr?: unknown }).stderr ?? ''));
    const reason = stderr.lastErrorLine() ?? stderr.lastLine() ?? messageOf(error).split('\n')[0];
    warnings.push({ kind: 'conversion', message: `The course language model could not be converted to binary form: ${reason}` });
    return false;
  }
}

/** The words, common English words first, then by how often the class's text uses them. */
function mostSaidFirst(words: readonly string[], sentences: readonly (readonly string[])[]): string[] {
  const uses = new Map<string, number>();
  for (const word of commonEnglishWords) uses.set(word, Number.MAX_SAFE_INTEGER);
  for (const sentence of sentences) for (const word of sentence) uses.set(word, (uses.get(word) ?? 0) + 1);
  return [...words].sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

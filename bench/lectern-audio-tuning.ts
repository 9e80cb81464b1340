// Lectern audio tuning: the word error rate of one decoder configuration on the audio bench's
// ten espeak-ng lecture sentences, fast (one `pocketsphinx_batch` run over all clips, ~3 s), so
// settings can be compared one change at a time (docs/benchmarks.md, "Lectern audio (issue 16)").
// Not a benchmark of its own (run-bench.mjs runs only *.bench.ts):
//   node --import tsx bench/lectern-audio-tuning.ts '{"commonWords":false,"arguments":["-lw","10"]}'
// Options (JSON, all optional): voice (espeak-ng voice, "en-us"), commonWords (true), spell
// (true: espeak-ng pronunciations for words the dictionary lacks), cmn ("live"), cmninit (the
// edited feat.params' seed, comma-separated), arguments (decoder options after the shipped ones),
// variants (comma-separated espeak-ng voices whose pronunciations are added beside every word's;
// the shipped stock-model dictionary is "en"; not for the words only general English brings, as
// shipped), general (general English's weight in the mixture, the shipped one by default; 0 for
// the course's text alone), show (print each reference and hypothesis), timing (print the
// decoder's own CPU time per search pass, from its log), binary (the model converted to
// pocketsphinx's binary form with sphinx_lm_convert before decoding, as the server does).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemRecogniser } from '../packages/lectern/src/config.js';
import { buildArpa } from '../packages/lectern/src/features/audio/speech/language-model/arpa.js';
import { SENTENCE_MARKS } from '../packages/lectern/src/features/audio/speech/language-model/backoff-model.js';
import { commonEnglishWords } from '../packages/lectern/src/features/audio/speech/vocabulary/common-words.js';
import { generalEnglish } from '../packages/lectern/src/features/audio/speech/vocabulary/course-vocabulary.js';
import { loadGeneralEnglish } from '../packages/lectern/src/features/audio/speech/language-model/general-english.js';
import { dictionaryText, pronunciationsOf, withVariants } from '../packages/lectern/src/features/audio/speech/pronunciation/pronunciations.js';
import { spelledPronunciations } from '../packages/lectern/src/features/audio/speech/pronunciation/spelled-pronunciations.js';
import { spokenMathOf } from '../packages/lectern/src/features/audio/speech/vocabulary/spoken-math.js';
import { sentencesOfWords } from '../packages/lectern/src/features/audio/speech/words.js';
import { decodeWav } from '../packages/lectern/src/features/audio/wav.js';
import { extractMaterial } from '../packages/lectern/src/features/materials/parsing/extract.js';
import { joinPages } from '../packages/lectern/src/features/materials/parsing/extracted.js';
import { benchLecture, speak } from '../packages/lectern/test/support/speech.js';
import { mean, wordErrorRate } from '../packages/lectern/test/support/word-error-rate.js';

interface TuningOptions {
  voice?: string;
  commonWords?: boolean;
  spell?: boolean;
  cmn?: string;
  cmninit?: string;
  arguments?: string[];
  show?: boolean;
  variants?: string;
  general?: number;
  timing?: boolean;
  binary?: boolean;
}

/** The shipped decoder options for a course vocabulary (pocketsphinx-engine.ts), in the same order. */
const shippedArguments = ['-dither', 'yes', '-lw', '9', '-fwdflatlw', '9', '-bestpathlw', '9', '-remove_noise', 'no'];
const lecture = benchLecture;

const options = JSON.parse(process.argv[2] ?? '{}') as TuningOptions;
const modelDir = systemRecogniser.modelDir;
const work = mkdtempSync(join(tmpdir(), 'lectern-audio-tuning-'));

try {
  // The course vocabulary, built as course-vocabulary.ts builds it, with the options' changes.
  const deck = readFileSync('packages/lectern/test/fixtures/materials/derivatives.pptx');
  const material = joinPages((await extractMaterial(deck, 'derivatives.pptx')).pages);
  const sentences = sentencesOfWords(['Calculus I', material, await spokenMathOf(material)].join('\n'));
  const extraWords = options.commonWords === false ? [] : commonEnglishWords;
  const generalWeight = options.general ?? generalEnglish.weight;
  const general = generalWeight > 0 ? await loadGeneralEnglish(join(modelDir, 'en-us.lm.bin'), { words: generalEnglish.words, ngramsPerOrder: generalEnglish.ngramsPerOrder }, work) : null;
  const candidates = new Set<string>(extraWords);
  for (const sentence of sentences) for (const word of sentence) candidates.add(word);
  const classWords = new Set(candidates);
  for (const word of general?.unigrams.keys() ?? []) if (!SENTENCE_MARKS.has(word)) candidates.add(word);
  let pronunciations = await pronunciationsOf(join(modelDir, 'cmudict-en-us.dict'), candidates);
  if (options.spell !== false) {
    const missing = [...candidates].filter((word) => !pronunciations.has(word));
    for (const [word, phones] of await spelledPronunciations(missing)) pronunciations.set(word, [phones]);
  }
  for (const voice of (options.variants ?? '').split(',').filter(Boolean)) {
    pronunciations = withVariants(pronunciations, await spelledPronunciations([...pronunciations.keys()].filter((word) => classWords.has(word)), { voice }));
  }
  const known: string[][] = [];
  for (const sentence of sentences) {
    let run: string[] = [];
    for (const word of sentence) {
      if (pronunciations.has(word)) run.push(word);
      else if (run.length > 0) {
        // A word without a pronunciation splits the sentence, as in the real build.
        known.push(run);
        run = [];
      }
    }
    if (run.length > 0) known.push(run);
  }
  const arpa = await buildArpa({
    sentences: known,
    extraWords: extraWords.filter((word) => pronunciations.has(word)),
    maxHigherOrderNgrams: 400_000,
    general: general ? { model: general, weight: generalWeight, speakable: (word) => pronunciations.has(word) } : undefined,
  });
  writeFileSync(join(work, 'course.lm'), arpa);
  let languageModelPath = join(work, 'course.lm');
  if (options.binary) {
    languageModelPath = join(work, 'course.lm.bin');
    const converted = spawnSync('sphinx_lm_convert', ['-i', join(work, 'course.lm'), '-o', languageModelPath], { encoding: 'utf8' });
    if (converted.status !== 0) throw new Error(`sphinx_lm_convert failed: ${converted.stderr.slice(-500)}`);
  }
  writeFileSync(join(work, 'course.dict'), dictionaryText(pronunciations));

  // The acoustic model: links to the stock files and an edited feat.params (acoustic-model.ts).
  const stockModel = join(modelDir, 'en-us');
  const acousticModel = join(work, 'acoustic-model');
  mkdirSync(acousticModel);
  for (const name of readdirSync(stockModel)) if (name !== 'feat.params') symlinkSync(join(stockModel, name), join(acousticModel, name));
  let featParams = readFileSync(join(stockModel, 'feat.params'), 'utf8').replace(/^-cmn\s+\S+/m, `-cmn ${options.cmn ?? 'live'}`);
  if (options.cmninit) featParams = featParams.replace(/^-cmninit\s+\S+/m, `-cmninit ${options.cmninit}`);
  writeFileSync(join(acousticModel, 'feat.params'), featParams);

  // The clips, as 16 kHz raw files named in a control file.
  let audioSeconds = 0;
  lecture.forEach((text, index) => {
    const samples = decodeWav(speak(text, { voice: options.voice ?? 'en-us' })).samples;
    audioSeconds += samples.length / 16_000;
    writeFileSync(join(work, `clip${index}.raw`), Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  });
  writeFileSync(join(work, 'clips.ctl'), lecture.map((_, index) => `clip${index}`).join('\n') + '\n');

  const hypothesisPath = join(work, 'hypotheses');
  const started = performance.now();
  const decoder = spawnSync(
    'pocketsphinx_batch',
    ['-hmm', acousticModel, '-lm', languageModelPath, '-dict', join(work, 'course.dict'), '-ctl', join(work, 'clips.ctl'), '-adcin', 'yes', '-cepdir', work, '-cepext', '.raw', '-samprate', '16000', '-hyp', hypothesisPath, ...shippedArguments, ...(options.arguments ?? [])],
    { encoding: 'utf8' },
  );
  const decodeSeconds = (performance.now() - started) / 1000;
  if (options.timing) for (const line of decoder.stderr.split('\n')) if (/\bTOTAL\b.*CPU/.test(line)) console.log(line.replace(/^INFO: /, ''));
  if (decoder.status !== 0) throw new Error(`pocketsphinx_batch failed: ${decoder.stderr.slice(-1000)}`);
  const hypotheses = new Map<string, string>();
  for (const line of readFileSync(hypothesisPath, 'utf8').split('\n')) {
    const match = /^(.*?)\s*\((\S+)\s+-?\d+\)\s*$/.exec(line);
    if (match) hypotheses.set(match[2]!, match[1]!.trim());
  }
  const perClip = lecture.map((reference, index) => wordErrorRate(reference, hypotheses.get(`clip${index}`) ?? ''));
  console.log(JSON.stringify({ options, meanWer: Number(mean(perClip).toFixed(3)), perClip: perClip.map((wer) => Number(wer.toFixed(2))), realTimeFactor: Number((decodeSeconds / audioSeconds).toFixed(3)) }));
  if (options.show) lecture.forEach((reference, index) => console.log(`  ${reference}\n> ${hypotheses.get(`clip${index}`) ?? ''}`));
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Lectern audio: how far speaker adaptation could take Debian's acoustic model on the audio bench's
// lecture, per espeak-ng voice. One global MLLR transform (as the server estimates it) is fitted
// on the very clips that are then scored — an oracle no live class has — once from the decoder's
// own hypotheses (what the server does, but on the test clips) and once from the true transcripts.
// If even the supervised oracle misses a WER target, no adaptation of this kind can meet it with
// this acoustic model (docs/benchmarks.md, "The acoustic model's ceiling"). Not a benchmark of
// its own (run-bench.mjs runs only *.bench.ts):
//   node --import tsx bench/lectern-audio-ceiling.ts en-us en mb-us2
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemRecogniser } from '../packages/lectern/src/config.js';
import { prepareAcousticModel } from '../packages/lectern/src/features/audio/speech/recognisers/acoustic-model.js';
import { prepareAdaptationModel } from '../packages/lectern/src/features/audio/speech/adaptation/adaptation-model.js';
import { VocabularyBuilder, type CourseVocabulary } from '../packages/lectern/src/features/audio/speech/vocabulary/course-vocabulary.js';
import { PocketsphinxEngine, type DecodedClip } from '../packages/lectern/src/features/audio/speech/recognisers/pocketsphinx-engine.js';
import { estimateSpeakerModel, findAdaptationTools } from '../packages/lectern/src/features/audio/speech/adaptation/speaker-model.js';
import { decodeWav } from '../packages/lectern/src/features/audio/wav.js';
import { extractMaterial } from '../packages/lectern/src/features/materials/parsing/extract.js';
import { joinPages } from '../packages/lectern/src/features/materials/parsing/extracted.js';
import { benchLecture, speak } from '../packages/lectern/test/support/speech.js';
import { mean, wordErrorRate } from '../packages/lectern/test/support/word-error-rate.js';

const voices = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['en-us', 'en'];
const modelDir = systemRecogniser.modelDir;
const tools = findAdaptationTools(process.env.PATH ?? '');
if (!tools) throw new Error('needs sphinxtrain and sphinxbase-utils (scripts/install-system-packages.sh speech)');
const work = mkdtempSync(join(tmpdir(), 'lectern-audio-ceiling-'));

type Clip = { reference: string; samples: Int16Array };
const round3 = (value: number) => Math.round(value * 1000) / 1000;

async function decodeAll(clips: readonly Clip[], vocabulary: CourseVocabulary, acousticModelDir: string, dictionaryPath: string): Promise<DecodedClip[]> {
  const engineDir = mkdtempSync(join(work, 'engine-'));
  const engine = new PocketsphinxEngine({ executable: 'pocketsphinx_batch', acousticModelDir, languageModelPath: vocabulary.languageModelPath, dictionaryPath, workDir: engineDir, courseVocabulary: true });
  try {
    const decoded: DecodedClip[] = [];
    for (const clip of clips) decoded.push(await engine.recognise(clip.samples));
    return decoded;
  } finally {
    engine.close();
  }
}

const werOf = (clips: readonly Clip[], decoded: readonly DecodedClip[]) => round3(mean(decoded.map((clip, index) => wordErrorRate(clips[index]!.reference, clip.text))));

/** One transform fitted on `clips` with `transcripts` (word lists as the dictionary spells them); returns the adapted model folder. */
async function adaptedModel(clips: readonly Clip[], transcripts: readonly (readonly string[])[], vocabulary: CourseVocabulary, trainingModelDir: string, decoderModelDir: string): Promise<string> {
  const folder = mkdtempSync(join(work, 'estimate-'));
  const utterances = clips.map((clip, index) => {
    const speechPath = join(folder, `clip${index}.raw`);
    writeFileSync(speechPath, new Uint8Array(clip.samples.buffer, clip.samples.byteOffset, clip.samples.byteLength));
    return { speechPath, words: transcripts[index]! };
  });
  const workDir = join(folder, 'work');
  mkdirSync(workDir);
  const modelOut = join(folder, 'model');
  await estimateSpeakerModel({
    tools: tools!,
    trainingModelDir,
    decoderModelDir,
    dictionaryPath: vocabulary.accentVariantsDictionaryPath,
    utterances,
    workDir,
    modelDir: modelOut,
    signal: new AbortController().signal,
  });
  return modelOut;
}

try {
  const deck = readFileSync('packages/lectern/test/fixtures/materials/derivatives.pptx');
  const materialText = joinPages((await extractMaterial(deck, 'derivatives.pptx')).pages);
  const vocabulary = await new VocabularyBuilder(join(work, 'vocabularies'), {
    dictionaryPath: join(modelDir, 'cmudict-en-us.dict'),
    generalModelPath: join(modelDir, 'en-us.lm.bin'),
  }).build({ courseName: 'Calculus I', materialText, transcript: '' });
  if (!vocabulary) throw new Error('the deck gave no course vocabulary');
  const decoderModelDir = await prepareAcousticModel(join(modelDir, 'en-us'), join(work, 'acoustic-model'));
  const trainingModelDir = await prepareAdaptationModel(join(modelDir, 'en-us'), join(work, 'adaptation-model'), tools.mdefConverter);
  for (const voice of voices) {
    const clips = benchLecture.map((reference) => ({ reference, samples: decodeWav(speak(reference, { voice })).samples }));
    // As a class's first clips decode: the stock model with the accent variants.
    const stock = await decodeAll(clips, vocabulary, decoderModelDir, vocabulary.accentVariantsDictionaryPath);
    const row: Record<string, unknown> = { voice, stock: werOf(clips, stock) };
    const fits = { unsupervised: stock.map((clip) => clip.pronounced), supervised: clips.map((clip) => clip.reference.split(' ')) };
    for (const [fit, transcripts] of Object.entries(fits)) {
      const adapted = await adaptedModel(clips, transcripts, vocabulary, trainingModelDir, decoderModelDir);
      // The server decodes adapted classes with the American pronunciations alone; the variants are shown beside them.
      row[fit] = werOf(clips, await decodeAll(clips, vocabulary, adapted, vocabulary.dictionaryPath));
      row[`${fit}WithAccentVariants`] = werOf(clips, await decodeAll(clips, vocabulary, adapted, vocabulary.accentVariantsDictionaryPath));
    }
    console.log(JSON.stringify(row));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

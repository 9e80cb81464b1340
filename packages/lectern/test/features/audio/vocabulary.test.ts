import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildArpa } from '../../../src/features/audio/speech/language-model/arpa.js';
import { findLanguageModelConverter, generalEnglish, VocabularyBuilder } from '../../../src/features/audio/speech/vocabulary/course-vocabulary.js';
import { loadGeneralEnglish } from '../../../src/features/audio/speech/language-model/general-english.js';
import { readGenericLanguageModel, type GenericLanguageModel } from '../../../src/features/audio/speech/language-model/generic-language-model.js';
import { parseSegmentation } from '../../../src/features/audio/speech/recognisers/pocketsphinx-engine.js';
import { cmuPhonesOfEspeak } from '../../../src/features/audio/speech/pronunciation/spelled-pronunciations.js';
import { systemRecogniser } from '../../../src/config.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-vocabulary-'));
after(() => rmSync(root, { recursive: true, force: true }));

interface Arpa {
  unigrams: Map<string, { p: number; bo: number }>;
  bigrams: Map<string, { p: number; bo: number }>;
  trigrams: Map<string, number>;
}

function parseArpa(text: string): Arpa {
  const arpa: Arpa = { unigrams: new Map(), bigrams: new Map(), trigrams: new Map() };
  let order = 0;
  for (const line of text.split('\n')) {
    const section = /^\\(\d)-grams:/.exec(line);
    if (section) order = Number(section[1]);
    else if (order > 0 && line.trim() !== '' && !line.startsWith('\\')) {
      const fields = line.split(/\s+/);
      const p = 10 ** Number(fields[0]);
      const words = fields.slice(1, 1 + order);
      const bo = fields[1 + order] === undefined ? 1 : 10 ** Number(fields[1 + order]);
      if (order === 1) arpa.unigrams.set(words[0]!, { p, bo });
      if (order === 2) arpa.bigrams.set(words.join(' '), { p, bo });
      if (order === 3) arpa.trigrams.set(words.join(' '), p);
    }
  }
  return arpa;
}

/** P(w | history) under the backoff model, as the decoder computes it. */
function probability(arpa: Arpa, history: string[], word: string): number {
  if (history.length === 2) {
    const tri = arpa.trigrams.get([...history, word].join(' '));
    if (tri !== undefined) return tri;
    return (arpa.bigrams.get(history.join(' '))?.bo ?? 1) * probability(arpa, history.slice(1), word);
  }
  if (history.length === 1) {
    const bi = arpa.bigrams.get(`${history[0]} ${word}`);
    if (bi !== undefined) return bi.p;
    return (arpa.unigrams.get(history[0]!)?.bo ?? 1) * probability(arpa, [], word);
  }
  return word === '<s>' ? 0 : (arpa.unigrams.get(word)?.p ?? 0);
}

describe('course language model', () => {
  const sentences = [
    ['the', 'derivative', 'is', 'the', 'slope', 'of', 'the', 'tangent', 'line'],
    ['the', 'chain', 'rule', 'multiplies', 'derivatives'],
    ['the', 'derivative', 'of', 'a', 'sum'],
  ];
  let arpa: Arpa;
  let vocabulary: string[];
  before(async () => {
    arpa = parseArpa(await buildArpa({ sentences, extraWords: ['hello', 'we'], maxHigherOrderNgrams: 1000 }));
    vocabulary = [...arpa.unigrams.keys()].filter((word) => word !== '<s>');
  });

  it('is a proper distribution after every history: seen, unseen and backed-off (sums to 1)', () => {
    for (const history of [[], ['the'], ['<s>', 'the'], ['the', 'derivative'], ['hello'], ['we', 'hello'], ['slope', 'of']]) {
      const total = vocabulary.reduce((sum, word) => sum + probability(arpa, history, word), 0);
      assert.ok(Math.abs(total - 1) < 0.01, `P(·|${history.join(' ')}) sums to ${total}`);
    }
  });

  it('prefers the course phrase and keeps the extra words reachable', () => {
    assert.ok(probability(arpa, ['the', 'derivative'], 'of') > probability(arpa, ['the', 'derivative'], 'hello'));
    assert.ok(probability(arpa, ['the'], 'hello') > 0);
    assert.ok(arpa.trigrams.size > 0 && arpa.bigrams.size > 0);
  });

  it('prunes to the n-gram budget and stays consistent', async () => {
    const small = parseArpa(await buildArpa({ sentences, extraWords: [], maxHigherOrderNgrams: 10 }));
    assert.ok(small.bigrams.size + small.trigrams.size <= 10);
    for (const key of small.trigrams.keys()) assert.ok(small.bigrams.has(key.split(' ').slice(0, 2).join(' ')), `prefix of ${key}`);
  });
});

describe('course vocabulary', () => {
  const dictionary = join(systemRecogniser.modelDir, 'cmudict-en-us.dict');
  it('restricts the dictionary to the class words plus common words, and caches by content', async () => {
    const builder = new VocabularyBuilder(join(root, 'vocabularies'), { dictionaryPath: dictionary, espeakExecutable: join(root, 'no-espeak-ng') });
    const sources = { courseName: 'Calculus', materialText: 'The derivative is the slope of the tangent line. Zorblaxian flux.', transcript: '' };
    const vocabulary = await builder.build(sources);
    assert.ok(vocabulary);
    const words = new Set(readFileSync(vocabulary.dictionaryPath, 'utf8').split('\n').map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, '')));
    for (const word of ['calculus', 'derivative', 'tangent', 'slope', 'the', 'because']) assert.ok(words.has(word), word);
    assert.ok(!words.has('zorblaxian'), 'without espeak-ng a word the dictionary lacks is left out');
    assert.ok(!words.has('banana'), 'the dictionary is restricted');
    assert.ok(words.size < 400);
    const lm = readFileSync(vocabulary.languageModelPath, 'utf8');
    assert.match(lm, /\\3-grams:/);
    assert.match(lm, / the derivative is\n/);
    const again = builder.start({ ...sources });
    assert.equal(await again.fromDisk, true, 'built before: only read from disk');
    assert.equal((await again.vocabulary)?.languageModelPath, vocabulary.languageModelPath);
    const other = builder.start({ ...sources, courseName: 'Calculus II' });
    assert.equal(await other.fromDisk, false, 'never built: a build process starts');
    assert.notEqual((await other.vocabulary)?.id, vocabulary.id);
    const grown = await builder.build({ ...sources, transcript: 'integrals come next week' });
    assert.notEqual(grown?.id, vocabulary.id);
    assert.equal(await builder.build({ courseName: 'Calculus', materialText: null, transcript: 'the derivative' }), null, 'no material: the generic model');
  });

  it("also learns the slides' notation as it is said: x^2 as x squared, sin x as sine x, dy/dx as d y d x", async () => {
    // espeak-ng spells "cosine", which the Debian dictionary lacks.
    const builder = new VocabularyBuilder(join(root, 'spoken'), { dictionaryPath: dictionary });
    const vocabulary = await builder.build({ courseName: 'Calculus', materialText: 'Common derivatives\nsin x | cos x\nThe derivative of x^3 is 3x^2\nNotation: dy/dx', transcript: '' });
    assert.ok(vocabulary);
    const lm = readFileSync(vocabulary.languageModelPath, 'utf8');
    for (const ngram of [' sine x\n', ' cosine x\n', ' x cubed is', ' three x squared', ' d y d']) assert.ok(lm.includes(ngram), ngram.trim());
  });

  it('spells out words the pronunciation dictionary lacks with espeak-ng, in CMU phones', async () => {
    const builder = new VocabularyBuilder(join(root, 'spelled'), { dictionaryPath: dictionary });
    const vocabulary = await builder.build({ courseName: 'Calculus', materialText: 'The slope of the secant line. Zorblaxian flux.', transcript: '' });
    assert.ok(vocabulary);
    const lines = readFileSync(vocabulary.dictionaryPath, 'utf8').split('\n');
    // "secant" is not in the Debian CMU dictionary; espeak-ng says s'i:k@nt.
    assert.ok(lines.includes('secant S IY K AH N T'), lines.filter((line) => line.startsWith('secant')).join(' | '));
    const zorblaxian = lines.find((line) => line.startsWith('zorblaxian '));
    assert.ok(zorblaxian && /^zorblaxian( [A-Z]{1,2})+$/.test(zorblaxian), String(zorblaxian));
    assert.match(readFileSync(vocabulary.languageModelPath, 'utf8'), / the secant line\n/);
  });

  it('writes a second dictionary with a British pronunciation beside each word (espeak-ng), for the decoder before it knows the speaker', async () => {
    const builder = new VocabularyBuilder(join(root, 'accents'), { dictionaryPath: dictionary });
    const vocabulary = await builder.build({ courseName: 'Calculus', materialText: 'The derivative of a function tells how fast it changes.', transcript: '' });
    assert.ok(vocabulary);
    const plain = readFileSync(vocabulary.dictionaryPath, 'utf8').split('\n');
    const accents = readFileSync(vocabulary.accentVariantsDictionaryPath, 'utf8').split('\n');
    // The CMU dictionary's "of" is AH V; espeak-ng's British voice says 0v.
    assert.ok(plain.includes('of AH V') && !plain.some((line) => line.startsWith('of(')), plain.filter((line) => line.startsWith('of')).join(' | '));
    assert.ok(accents.includes('of AH V') && accents.includes('of(2) AA V'), accents.filter((line) => line.startsWith('of')).join(' | '));
    assert.ok(accents.some((line) => line.startsWith('derivative(2) ')), 'a course word has one too');
    // A variant equal to a pronunciation the word has is not repeated.
    assert.equal(accents.filter((line) => /^fast[ (]/.test(line)).length, 1, 'fast: the same in both accents');
    assert.ok(accents.length > plain.length && accents.length < 2 * plain.length);
  });

  it('gives a textbook-sized material variants for the common words and its most used ones, not for all of its words', async () => {
    // 3,000 distinct dictionary words said once each, and "derivative" said often.
    const rare = readFileSync(dictionary, 'utf8').split('\n').map((line) => line.split(' ')[0]!).filter((word) => /^[a-z]{6,}$/.test(word)).slice(0, 3_000);
    const lines = [];
    for (let at = 0; at < rare.length; at += 10) lines.push(`${rare.slice(at, at + 10).join(' ')}.`, 'The derivative again.');
    const builder = new VocabularyBuilder(join(root, 'textbook'), { dictionaryPath: dictionary });
    const vocabulary = await builder.build({ courseName: 'Calculus', materialText: lines.join('\n'), transcript: '' });
    assert.ok(vocabulary && vocabulary.courseWords > 3_000);
    const accents = readFileSync(vocabulary.accentVariantsDictionaryPath, 'utf8').split('\n');
    assert.ok(accents.includes('of(2) AA V'), 'a common word');
    assert.ok(accents.some((line) => line.startsWith('derivative(2) ')), 'the most used course word');
    const lineCount = (path: string) => readFileSync(path, 'utf8').split('\n').length;
    const added = lineCount(vocabulary.accentVariantsDictionaryPath) - lineCount(vocabulary.dictionaryPath);
    assert.ok(added > 100 && added <= 1_500, `${added} British variants`);
  });

  it("keeps each model in pocketsphinx's binary form when sphinx_lm_convert is installed: the same n-grams as the ARPA text", async () => {
    const converter = findLanguageModelConverter(process.env.PATH ?? '');
    assert.ok(converter, 'sphinxbase-utils is installed (scripts/install-system-packages.sh speech)');
    const sources = { courseName: 'Calculus', materialText: 'The derivative is the slope of the tangent line. The slope of a secant line.', transcript: '' };
    const binary = await new VocabularyBuilder(join(root, 'binary'), { dictionaryPath: dictionary, languageModelConverter: converter }).build(sources);
    const text = await new VocabularyBuilder(join(root, 'text'), { dictionaryPath: dictionary }).build(sources);
    assert.ok(binary && text);
    assert.equal(binary.languageModelPath, join(dirname(binary.dictionaryPath), 'course.lm.bin'));
    assert.deepEqual(readdirSync(dirname(binary.languageModelPath)).filter((name) => name.startsWith('course.lm')), ['course.lm.bin'], 'one form is kept');
    assert.equal(text.languageModelPath, join(dirname(text.dictionaryPath), 'course.lm'));
    // Read back with the trie reader: every n-gram of the text, at its probability (16-bit quantised).
    const arpa = parseArpa(readFileSync(text.languageModelPath, 'utf8'));
    const read = await readGenericLanguageModel(binary.languageModelPath, { words: 100_000, ngramsPerOrder: 100_000 });
    assert.deepEqual([...read.unigrams.keys()].sort(), [...arpa.unigrams.keys()].sort());
    assert.deepEqual([...read.bigrams.keys()].sort(), [...arpa.bigrams.keys()].sort());
    assert.deepEqual([...read.trigrams.keys()].sort(), [...arpa.trigrams.keys()].sort());
    for (const [key, { p }] of arpa.bigrams) assert.ok(Math.abs(read.bigrams.get(key)!.logProb - Math.log10(p)) < 0.01, key);
    // Served from the cache as it was built.
    const again = await new VocabularyBuilder(join(root, 'binary'), { dictionaryPath: dictionary }).build(sources);
    assert.equal(again?.languageModelPath, binary.languageModelPath);
  });

  it('keeps the ARPA model, and says why, when the conversion fails', async () => {
    const broken = join(root, 'broken-converter');
    writeFileSync(broken, '#!/bin/sh\necho "cannot write the trie" >&2\nexit 3\n', { mode: 0o755 });
    const errors: unknown[] = [];
    const directory = join(root, 'unconverted');
    const vocabulary = await new VocabularyBuilder(directory, { dictionaryPath: dictionary, languageModelConverter: broken, onConversionError: (error) => errors.push(error) }).build({
      courseName: 'Calculus',
      materialText: 'The derivative is the slope.',
      transcript: '',
    });
    assert.ok(vocabulary);
    assert.equal(vocabulary.languageModelPath, join(dirname(vocabulary.dictionaryPath), 'course.lm'));
    assert.match(readFileSync(vocabulary.languageModelPath, 'utf8'), /^\\data\\/m);
    assert.equal(errors.length, 1);
    assert.match(String(errors[0]), /could not be converted to binary form/);
    assert.match(String(errors[0]), /cannot write the trie/, "the tool's own reason");
    assert.deepEqual(readdirSync(directory).filter((name) => name.endsWith('.partial')), [], 'nothing half-written is left');
  });

  it('maps espeak-ng mnemonics to CMU phones and refuses unknown ones', () => {
    assert.equal(cmuPhonesOfEspeak("d'If3r,EnSI2;@b@L"), 'D IH F ER EH N SH IH AH B AH L');
    assert.equal(cmuPhonesOfEspeak("tS'3:tS"), 'CH ER CH');
    assert.equal(cmuPhonesOfEspeak("k'aU"), 'K AW');
    assert.equal(cmuPhonesOfEspeak("z,i:kj'u:l#ant"), 'Z IY K Y UW L AE N T');
    assert.equal(cmuPhonesOfEspeak('s*q'), null);
  });
});

describe('pocketsphinx word segmentation', () => {
  it('reads the words and the pronunciation chosen for each, leaving out sentence marks, silence and noise', () => {
    const line = 'u7 S 0 T -18651981 A -18122752 L -529229 0 -81920 0 <s> 3 -409600 -297 the 12 -3772416 -233 derivative(3) 65 -1731584 -524288 <sil> 94 -3080192 -489 of(2) 139 -980992 -812 [NOISE] 160 -1000 -10 x 193 -1923072 -226 </s> 318';
    assert.deepEqual(parseSegmentation(line), { utteranceId: 'u7', clip: { text: 'the derivative of x', pronounced: ['the', 'derivative(3)', 'of(2)', 'x'] } });
    assert.deepEqual(parseSegmentation('u8 S 0 T 0 A 0 L 0 0 -100 0 <s> 3 -100 0 </s> 20'), { utteranceId: 'u8', clip: { text: '', pronounced: [] } });
    assert.equal(parseSegmentation('INFO: batch.c(778): u9: 3.20 seconds speech'), null);
    assert.equal(parseSegmentation('the derivative (u9 -1234)'), null);
  });
});

describe('general English', () => {
  const dictionary = join(systemRecogniser.modelDir, 'cmudict-en-us.dict');
  const generalModelPath = join(systemRecogniser.modelDir, 'en-us.lm.bin');

  it("reads pocketsphinx-en-us's trie model: its most frequent words and the n-grams among them that matter most", async () => {
    const model = await readGenericLanguageModel(generalModelPath, { words: 500, ngramsPerOrder: 5_000 });
    assert.equal(model.unigrams.size, 502, 'the 500 words and the sentence marks');
    assert.ok(model.bigrams.size === 5_000 && model.trigrams.size > 1_000 && model.trigrams.size <= 5_000, `${model.bigrams.size} / ${model.trigrams.size}`);
    // A misread bit layout gives nonsense here: each n-gram is filed under its last word.
    assert.ok(Math.abs(model.unigrams.get('the')!.logProb - -1.3895) < 1e-3);
    const afterOf = [...model.bigrams].filter(([key]) => key.startsWith('of ')).sort((a, b) => b[1].logProb - a[1].logProb);
    assert.equal(afterOf[0]?.[0], 'of the');
    assert.ok(10 ** model.trigrams.get('one of the')! > 0.3);
    for (const key of model.trigrams.keys()) assert.ok(model.bigrams.has(key.slice(0, key.lastIndexOf(' '))), key);
  });

  it('mixes it into a course model: interpolated n-grams, each context still a distribution', async () => {
    const general: GenericLanguageModel = {
      unigrams: new Map([
        ['</s>', { logProb: Math.log10(0.2), logBackoff: 0 }],
        ['the', { logProb: Math.log10(0.4), logBackoff: Math.log10(0.5) }],
        ['going', { logProb: Math.log10(0.2), logBackoff: Math.log10(0.1) }],
        ['to', { logProb: Math.log10(0.2), logBackoff: 0 }],
        ['<s>', { logProb: -99, logBackoff: Math.log10(0.8) }],
      ]),
      bigrams: new Map([
        ['going to', { logProb: Math.log10(0.9), logBackoff: 0 }],
        ['<s> the', { logProb: Math.log10(0.25), logBackoff: 0 }],
      ]),
      trigrams: new Map(),
    };
    const sentences = [['the', 'derivative', 'is', 'the', 'slope']];
    const course = parseArpa(await buildArpa({ sentences, extraWords: [], maxHigherOrderNgrams: 1_000 }));
    const mixed = parseArpa(await buildArpa({ sentences, extraWords: [], maxHigherOrderNgrams: 1_000, general: { model: general, weight: 0.2, speakable: () => true } }));
    const vocabulary = [...mixed.unigrams.keys()].filter((word) => word !== '<s>');
    assert.ok(vocabulary.includes('going') && vocabulary.includes('derivative'));
    // Listed on one side: (1 − 0.2)·P_course + 0.2·P_general, each through its own backoffs.
    const courseTo = probability(course, ['going'], 'to');
    assert.ok(Math.abs(probability(mixed, ['going'], 'to') - (0.8 * courseTo + 0.2 * 0.9)) < 1e-3);
    const courseDerivative = probability(course, ['the'], 'derivative');
    assert.ok(Math.abs(probability(mixed, ['the'], 'derivative') - 0.8 * courseDerivative) < 1e-3, 'general English never saw it');
    for (const history of [[], ['the'], ['going'], ['<s>'], ['<s>', 'the'], ['the', 'derivative'], ['slope']]) {
      const total = vocabulary.reduce((sum, word) => sum + probability(mixed, history, word), 0);
      assert.ok(Math.abs(total - 1) < 0.01, `P(· | ${history.join(' ')}) sums to ${total}`);
    }
  });

  it('brings the general words into the dictionary and their phrasing into the course model', async () => {
    const builder = new VocabularyBuilder(join(root, 'general'), { dictionaryPath: dictionary, generalModelPath });
    const vocabulary = await builder.build({ courseName: 'Calculus', materialText: 'The derivative is the slope of the tangent line.', transcript: '' });
    assert.ok(vocabulary);
    assert.equal(vocabulary.courseWords, 8, 'general words are not course words');
    const words = new Set(readFileSync(vocabulary.dictionaryPath, 'utf8').split('\n').map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, '')));
    for (const word of ['inside', 'fast', 'gives', 'tangent']) assert.ok(words.has(word), word);
    // General English's words, the course's and the common ones (most common words are general ones too).
    assert.ok(words.size >= generalEnglish.words && words.size < generalEnglish.words + 300, `${words.size} words`);
    assert.ok(!words.has('<s>') && !words.has('</s>'), 'sentence marks are no words (pocketsphinx refuses to start)');
    const lm = parseArpa(readFileSync(vocabulary.languageModelPath, 'utf8'));
    assert.ok(probability(lm, ['going'], 'to') > 0.1, 'general phrasing');
    assert.ok(probability(lm, ['the'], 'derivative') > probability(lm, ['the'], 'fast'), 'the course still leads');
  });

  it('is read once per model file and limits, then served from its cache (a damaged cache is read again)', async () => {
    const cacheDir = join(root, 'general-cache');
    const limits = { words: 200, ngramsPerOrder: 1_000 };
    const first = await loadGeneralEnglish(generalModelPath, limits, cacheDir);
    const cacheFiles = () => readdirSync(cacheDir).filter((name) => name.startsWith('general-english-'));
    assert.equal(cacheFiles().length, 1);
    const cachePath = join(cacheDir, cacheFiles()[0]!);
    // The cache is what a second load returns: edit it and see the edit.
    const edited = JSON.parse(readFileSync(cachePath, 'utf8')) as { unigrams: [string, number, number][] };
    edited.unigrams.push(['zorblaxian', -3, 0]);
    writeFileSync(cachePath, JSON.stringify(edited));
    const second = await loadGeneralEnglish(generalModelPath, limits, cacheDir);
    assert.equal(second.unigrams.get('zorblaxian')?.logProb, -3);
    assert.deepEqual(second.bigrams, first.bigrams);
    writeFileSync(cachePath, '{"unigrams": [');
    const third = await loadGeneralEnglish(generalModelPath, limits, cacheDir);
    assert.deepEqual(third, first);
    // Other limits are another cache, replacing the first.
    await loadGeneralEnglish(generalModelPath, { ...limits, words: 300 }, cacheDir);
    assert.equal(cacheFiles().length, 1);
    assert.notEqual(join(cacheDir, cacheFiles()[0]!), cachePath);
  });

  it('removes the half-written language models a stopped process left', async () => {
    const directory = join(root, 'leftovers');
    const builder = new VocabularyBuilder(directory, { dictionaryPath: dictionary });
    await builder.build({ courseName: 'Calculus', materialText: 'The derivative.', transcript: '' });
    const leftover = join(directory, `${'a'.repeat(32)}.999999.lm.partial`);
    writeFileSync(leftover, '\\data\\');
    await builder.build({ courseName: 'Calculus', materialText: 'The derivative again.', transcript: '' });
    assert.deepEqual(readdirSync(directory).filter((name) => name.endsWith('.partial')), []);
  });

  it('builds without it, and says so once, when the general model cannot be read', async () => {
    const errors: unknown[] = [];
    const notAModel = join(root, 'not-a-model.lm.bin');
    writeFileSync(notAModel, 'ARPA? no');
    const builder = new VocabularyBuilder(join(root, 'no-general'), { dictionaryPath: dictionary, generalModelPath: notAModel, onGeneralEnglishError: (error) => errors.push(error) });
    const first = await builder.build({ courseName: 'Calculus', materialText: 'The derivative is the slope.', transcript: '' });
    await builder.build({ courseName: 'Calculus', materialText: 'The derivative is the slope.', transcript: 'and more' });
    assert.ok(first && !readFileSync(first.dictionaryPath, 'utf8').includes('\ninside '));
    assert.equal(errors.length, 1);
    assert.match(String(errors[0]), /not a sphinxbase trie language model/);
  });
});

// The offline engine's language analysers: an English part-of-speech tagger (wink-nlp with its
// English model), a Chinese segmenter and tagger (jieba) and the stopwords-iso lists. Loading
// them costs 0.1–1.5 s and several MB, so nothing loads at start-up: the first builtin answer
// that needs them awaits loadLanguageModels(), and every later one finds them ready.
import { createRequire } from 'node:module';

export type PartOfSpeech = string;

export interface TaggedToken {
  text: string;
  /** Lower-cased. */
  normal: string;
  /** Universal POS for English (NOUN, ADJ, …); jieba's tags for Chinese (n, v, a, …). */
  tag: PartOfSpeech;
}

export interface LanguageModels {
  /** English text as sentences of tagged tokens. */
  tagEnglish(text: string): TaggedToken[][];
  /** Chinese text (with any English in it) as tagged words, in order. */
  tagChinese(text: string): TaggedToken[];
  /** stopwords-iso's list for the language. */
  isStopWord(word: string, language: 'en' | 'zh'): boolean;
}

let loading: Promise<LanguageModels> | undefined;
let loaded: LanguageModels | undefined;

/** The analysers, loaded once; concurrent callers share the one load. */
export function loadLanguageModels(): Promise<LanguageModels> {
  loading ??= createLanguageModels().then((models) => {
    loaded = models;
    return models;
  });
  return loading;
}

/** The analysers if already loaded: code on the answer path never waits for them. */
export function languageModels(): LanguageModels | undefined {
  return loaded;
}

interface WinkDoc {
  sentences(): { each(callback: (sentence: WinkItems) => void): void };
}
interface WinkItems {
  tokens(): { out(property?: unknown): string[] };
}

export interface ModelOptions {
  /** 'segmenter' stands in Intl.Segmenter for jieba, as when jieba's native binary cannot load. */
  chinese?: 'jieba' | 'segmenter';
}

type ChineseTagger = (text: string) => TaggedToken[];

/** Fresh analysers (tests use this to try the fallback); the engine uses loadLanguageModels. */
export async function createLanguageModels(options: ModelOptions = {}): Promise<LanguageModels> {
  const [{ default: winkNLP }, { default: englishModel }, tagChinese] = await Promise.all([
    import('wink-nlp'),
    import('wink-eng-lite-web-model'),
    options.chinese === 'segmenter' ? segmenterTagger() : jiebaTagger().catch(segmenterTagger),
  ]);
  // Sentence boundaries and parts of speech only: entity recognition, negation and sentiment
  // would triple the cost of tagging a long class and are not used.
  const nlp = winkNLP(englishModel, ['sbd', 'pos']);
  const its = nlp.its;
  // A JSON file of every language's list; read once through require, which parses JSON.
  const require = createRequire(import.meta.url);
  const lists = require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;
  const stop = { en: new Set(lists.en ?? []), zh: new Set(lists.zh ?? []) };
  return {
    tagEnglish(text) {
      const sentences: TaggedToken[][] = [];
      // wink-nlp's own Document type is generic over its item helpers; only these calls are used.
      (nlp.readDoc(text) as unknown as WinkDoc).sentences().each((sentence) => {
        const tokens = sentence.tokens();
        const texts = tokens.out();
        const normals = tokens.out(its.normal);
        const tags = tokens.out(its.pos);
        sentences.push(texts.map((t, i) => ({ text: t, normal: normals[i] ?? t.toLowerCase(), tag: tags[i] ?? 'X' })));
      });
      return sentences;
    },
    tagChinese,
    isStopWord(word, language) {
      return stop[language].has(word);
    },
  };
}

async function jiebaTagger(): Promise<ChineseTagger> {
  const [{ Jieba }, { dict }] = await Promise.all([import('@node-rs/jieba'), import('@node-rs/jieba/dict.js')]);
  const jieba = Jieba.withDict(dict);
  // Without its HMM guesser: the guesser glues unknown neighbours into non-words (曲线上取);
  // the class's own new terms are found from how it defines them instead (definitions.ts).
  return (text) => jieba.tag(text, false).map(({ word, tag }) => ({ text: word, normal: word.toLowerCase(), tag }));
}

/**
 * Words from the platform's ICU segmenter, which knows no parts of speech: every Han word of
 * two characters or more is offered as a noun ("n"), Latin words as "eng", the rest as "x".
 * Function words are then dropped by the stop list and passing words by the ranking.
 */
async function segmenterTagger(): Promise<ChineseTagger> {
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  const han = /^\p{Script=Han}+$/u;
  return (text) =>
    [...segmenter.segment(text)].map(({ segment, isWordLike }) => ({
      text: segment,
      normal: segment.toLowerCase(),
      tag: !isWordLike ? 'x' : han.test(segment) ? ([...segment].length >= 2 ? 'n' : 'x') : /^[a-z]/i.test(segment) ? 'eng' : 'x',
    }));
}

// The offline engine's language analysers: an English part-of-speech tagger (wink-nlp with its
// English model), a Chinese segmenter and tagger (jieba) and the stopwords-iso lists. Loading
// them costs 0.1–1.5 s and tens of MB (the tagger about 40 MB, jieba's dictionary about 60 MB),
// so nothing loads at start-up, and each language's part loads only for a class that speaks
// it: the first builtin answer that needs one awaits loadLanguageModels(), later ones find it.
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

export interface LanguagesNeeded {
  english: boolean;
  chinese: boolean;
}

export interface ModelOptions {
  /** 'segmenter' stands in Intl.Segmenter for jieba, as when jieba's native binary cannot load. */
  chinese?: 'jieba' | 'segmenter';
}

type EnglishTagger = (text: string) => TaggedToken[][];
type ChineseTagger = (text: string) => TaggedToken[];

/** The shared analysers: parts load on demand, once; concurrent callers share a load. */
class LazyModels implements LanguageModels {
  private english: EnglishTagger | undefined;
  private chinese: ChineseTagger | undefined;
  private englishLoad: Promise<void> | undefined;
  private chineseLoad: Promise<void> | undefined;
  private readonly stop = stopLists();

  constructor(private readonly options: ModelOptions = {}) {}

  /** Whether every part `needed` is ready, so an answer can start without waiting. */
  has(needed: LanguagesNeeded): boolean {
    return (!needed.english || this.english !== undefined) && (!needed.chinese || this.chinese !== undefined);
  }

  async load(needed: LanguagesNeeded): Promise<this> {
    if (needed.english) {
      this.englishLoad ??= englishTagger().then((tagger) => {
        this.english = tagger;
      });
    }
    if (needed.chinese) {
      // Chosen inside the ??=: jieba is built (its dictionary read) by the first load only.
      this.chineseLoad ??= (this.options.chinese === 'segmenter' ? segmenterTagger() : jiebaTagger().catch(segmenterTagger)).then((tagger) => {
        this.chinese = tagger;
      });
    }
    await Promise.all([needed.english ? this.englishLoad : undefined, needed.chinese ? this.chineseLoad : undefined]);
    return this;
  }

  /** Text the request did not announce (never expected) is tagged as nothing rather than failing. */
  tagEnglish(text: string): TaggedToken[][] {
    return this.english?.(text) ?? [];
  }

  /** Without jieba loaded, the platform's segmenter stands in (see segmenterTagger). */
  tagChinese(text: string): TaggedToken[] {
    return (this.chinese ?? (this.fallback ??= segmentWords))(text);
  }

  private fallback: ChineseTagger | undefined;

  isStopWord(word: string, language: 'en' | 'zh'): boolean {
    return this.stop[language].has(word);
  }
}

let shared: LazyModels | undefined;

/** The analysers with the parts `needed` loaded. */
export function loadLanguageModels(needed: LanguagesNeeded = { english: true, chinese: true }): Promise<LanguageModels> {
  shared ??= new LazyModels();
  return shared.load(needed);
}

/** The analysers if the parts `needed` are loaded already: then an answer need not wait. */
export function languageModels(needed: LanguagesNeeded = { english: true, chinese: true }): LanguageModels | undefined {
  return shared?.has(needed) === true ? shared : undefined;
}

/** Fresh analysers (tests use this to try the fallback); the engine uses loadLanguageModels. */
export function createLanguageModels(options: ModelOptions = {}): Promise<LanguageModels> {
  return new LazyModels(options).load({ english: true, chinese: true });
}

function stopLists(): { en: ReadonlySet<string>; zh: ReadonlySet<string> } {
  // A JSON file of every language's list (about 1 MB); read once through require, which parses JSON.
  const require = createRequire(import.meta.url);
  const lists = require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;
  return { en: new Set(lists.en ?? []), zh: new Set(lists.zh ?? []) };
}

interface WinkDoc {
  sentences(): { each(callback: (sentence: WinkItems) => void): void };
}
interface WinkItems {
  tokens(): { out(property?: unknown): string[] };
}

async function englishTagger(): Promise<EnglishTagger> {
  const [{ default: winkNLP }, { default: englishModel }] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]);
  // Sentence boundaries and parts of speech only: entity recognition, negation and sentiment
  // would triple the cost of tagging a long class and are not used.
  const nlp = winkNLP(englishModel, ['sbd', 'pos']);
  const its = nlp.its;
  return (text) => {
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
  };
}

async function jiebaTagger(): Promise<ChineseTagger> {
  const [{ Jieba }, { dict }] = await Promise.all([import('@node-rs/jieba'), import('@node-rs/jieba/dict.js')]);
  const jieba = Jieba.withDict(dict);
  // Without its HMM guesser: the guesser glues unknown neighbours into non-words (曲线上取);
  // the class's own new terms are found from how it defines them instead (definitions.ts).
  return (text) => jieba.tag(text, false).map(({ word, tag }) => ({ text: word, normal: word.toLowerCase(), tag }));
}

function segmenterTagger(): Promise<ChineseTagger> {
  return Promise.resolve(segmentWords);
}

const WORDS = new Intl.Segmenter('zh', { granularity: 'word' });
const ALL_HAN = /^\p{Script=Han}+$/u;

/**
 * Words from the platform's ICU segmenter, which knows no parts of speech: every Han word of
 * two characters or more is offered as a noun ("n"), Latin words as "eng", the rest as "x".
 * Function words are then dropped by the stop list and passing words by the ranking.
 */
function segmentWords(text: string): TaggedToken[] {
  return [...WORDS.segment(text)].map(({ segment, isWordLike }) => ({
    text: segment,
    normal: segment.toLowerCase(),
    tag: isWordLike !== true ? 'x' : ALL_HAN.test(segment) ? ([...segment].length >= 2 ? 'n' : 'x') : /^[a-z]/i.test(segment) ? 'eng' : 'x',
  }));
}

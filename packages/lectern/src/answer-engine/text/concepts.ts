// The course's terms in a sentence: noun phrases and named rules ("difference quotient", "power
// rule", 切线斜率, 幂函数求导法则), found with a part-of-speech tagger, never function words,
// numbers or single characters.
import type { LanguageModels, TaggedToken } from './language-models.js';
import { HAN_CHARACTER } from './script.js';
import { foldPlural } from './tokens.js';

export interface TermMention {
  /** Comparable form: lower-case, plural folded, words joined by one space (Han: joined directly). */
  key: string;
  /** As said, for display. */
  surface: string;
}

/** Words of the classroom, not of the subject: a lesson's homework is not one of its concepts. */
const CLASSROOM_WORDS: ReadonlySet<string> = new Set(
  `class lecture lesson homework exam quiz test midterm course slide page chapter section problem
  exercise assignment question answer everyone everybody anyone student teacher minute hour time week day
  friday monday tuesday wednesday thursday today tomorrow example thing idea bit lot word
  definition case part conclusion concept kind topic sense
  定义 情况 部分 结论 方面 办法 意思 概念 作业 期中考试 期末考试 测验 小测 课程 考试 课本 同学 同学们 老师 内容 地方 问题 时候 时间 例子 东西 事情 今天 明天 下次 上课 下课 课堂 章节 题目 小时 分钟 周五`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/** Heads that make the words before them the name of a rule or law: 幂函数求导法则, 勾股定理. */
const CHINESE_RULE_HEADS = /^(?:法则|定理|公式|定律|原理|规则|准则|方程|引理|推论)$/;
const ENGLISH_NOUNS = /^(?:NOUN|PROPN)$/;
const CHINESE_NOUN_TAGS = /^(?:n|nr|ns|nt|nz|ng|nrt|nrfg|vn|an|b|j|l)$/;
/** Words that may be part of a term: nouns, distinguishing words, verbs and adjectives inside compounds. */
const CHINESE_CONTENT_TAGS = /^(?:n\w*|b|v|vn|a|an|j|l|ng)$/;

function isVerb(token: TaggedToken | undefined): boolean {
  return token !== undefined && token.tag === 'v' && [...token.text].length >= 2;
}
const ENGLISH_WORD = /^[a-z][a-z'-]*[a-z]$/i;
const MAX_PHRASE_WORDS = 4;
const MAX_CHINESE_PHRASE_WORDS = 3;
const MIN_HAN_CHARS = 2;

/** Terms named in `text`, in order, with repeats. */
export function termMentions(text: string, models: LanguageModels): TermMention[] {
  return HAN_CHARACTER.test(text) ? chineseTerms(models.tagChinese(text), models) : models.tagEnglish(text).flatMap((sentence) => englishTerms(sentence, models));
}

/**
 * Noun phrases: runs of adjectives and nouns that end in a noun ("the tangent line" → tangent
 * line). The tagger calls "derivative" an adjective when it stands alone between an article
 * and a verb ("The derivative is…"); an adjective heading nothing there is taken as the noun.
 */
function englishTerms(tokens: readonly TaggedToken[], models: LanguageModels): TermMention[] {
  const terms: TermMention[] = [];
  let run: TaggedToken[] = [];
  const flush = (): void => {
    const mention = englishPhrase(run, models);
    if (mention !== null) terms.push(mention);
    run = [];
  };
  const firstWord = tokens.findIndex((t) => ENGLISH_WORD.test(t.text));
  tokens.forEach((token, i) => {
    const word = ENGLISH_WORD.test(token.text);
    const noun = word && ENGLISH_NOUNS.test(token.tag);
    // The tagger takes a capitalised sentence opener for a name ("Oxygen is…"); elsewhere a
    // name keeps its capital in the notes ("Newton's method").
    const name = token.tag === 'PROPN' && !(i === firstWord && /^[A-Z][a-z]+$/.test(token.text));
    const adjective = word && token.tag === 'ADJ';
    const next = tokens[i + 1];
    // A noun followed by an article is the verb of the sentence: "the quotient measures the…".
    if (noun && run.length > 0 && next !== undefined && /^(?:DET|PRON)$/.test(next.tag)) {
      flush();
      return;
    }
    const headsNothing = next === undefined || !(ENGLISH_NOUNS.test(next.tag) || next.tag === 'ADJ');
    const bareAdjectiveNoun = adjective && headsNothing && (run.length > 0 || tokens[i - 1]?.tag === 'DET');
    if (noun || bareAdjectiveNoun) run.push({ ...token, tag: name ? 'PROPN' : 'NOUN' });
    else if (adjective) run.push(token);
    else flush();
  });
  flush();
  return terms;
}

function englishPhrase(run: readonly TaggedToken[], models: LanguageModels): TermMention | null {
  let words = [...run];
  // Modifiers that say nothing about the subject ("the same way", "a small step") go; those
  // that name a kind ("citric acid", "cellular respiration") stay.
  while (words.length > 1 && isNonTerm(words[0]?.normal ?? '', models, 'en')) words = words.slice(1);
  while (words.length > 0 && !ENGLISH_NOUNS.test(words[words.length - 1]?.tag ?? '')) words = words.slice(0, -1);
  if (words.length === 0) return null;
  words = words.slice(-MAX_PHRASE_WORDS);
  const key = words.map((w) => foldPlural(w.normal)).join(' ');
  if (words.length === 1 && isNonTerm(key, models, 'en')) return null;
  if (words.every((w) => isNonTerm(foldPlural(w.normal), models, 'en'))) return null;
  const surface = words.map((w, i) => displayWord(w, i === words.length - 1)).join(' ');
  return { key, surface };
}

/**
 * A word as notes show it: names and acronyms as said (ATP, Fibonacci), other words in lower
 * case — a capital that only opens the sentence is not part of the term — and the head singular.
 */
function displayWord(token: TaggedToken, head: boolean): string {
  const keepsCase = token.tag === 'PROPN' || /[A-Z]/.test(token.text.slice(1));
  const word = keepsCase ? token.text : token.text.toLowerCase();
  if (!head) return word;
  const folded = foldPlural(word.toLowerCase());
  return word.toLowerCase().startsWith(folded) ? word.slice(0, folded.length) : folded;
}

/**
 * Chinese noun runs (切线 + 斜率 → 切线斜率, 二叉 搜索 树 → 二叉搜索树), with the nouns inside
 * them, and rule names with what precedes their head (幂函数 求导 法则).
 */
function chineseTerms(tokens: readonly TaggedToken[], models: LanguageModels): TermMention[] {
  const terms: TermMention[] = [];
  let run: TaggedToken[] = [];
  // English said inside Chinese ("把大问题拆成 overlapping subproblems") is kept as a phrase.
  let english: string[] = [];
  const flushEnglish = (): void => {
    while (english.length > 0 && isNonTerm(english[0] ?? '', models, 'en')) english.shift();
    while (english.length > 0 && isNonTerm(english[english.length - 1] ?? '', models, 'en')) english.pop();
    if (english.length > 0) {
      const words = english.slice(-MAX_PHRASE_WORDS);
      terms.push({ key: words.map((w) => foldPlural(w.toLowerCase())).join(' '), surface: words.join(' ') });
    }
    english = [];
  };
  const flush = (): void => {
    // A verb of two characters or more does not end or start a term ("导数等于", "删除节点");
    // a one-character "verb" inside a compound is the segmenter's mistake (二叉 搜索 树).
    while (run.length > 0 && isVerb(run[run.length - 1])) run.pop();
    while (run.length > 0 && isVerb(run[0])) run.shift();
    if (run.some((t) => CHINESE_NOUN_TAGS.test(t.tag))) {
      const phrase = run.slice(-MAX_CHINESE_PHRASE_WORDS).map((t) => t.text).join('');
      if ([...phrase].length >= MIN_HAN_CHARS && !isNonTerm(phrase, models, 'zh')) terms.push({ key: phrase, surface: phrase });
      // The nouns inside a longer run count too: 后继节点 also says 节点.
      if (run.length > 1) {
        for (const t of run) {
          if (CHINESE_NOUN_TAGS.test(t.tag) && [...t.text].length >= MIN_HAN_CHARS && !isNonTerm(t.text, models, 'zh')) terms.push({ key: t.text, surface: t.text });
        }
      }
    }
    run = [];
  };
  tokens.forEach((token, i) => {
    if (token.tag === 'eng' && ENGLISH_WORD.test(token.text)) {
      flush();
      english.push(token.text);
      return;
    }
    if (token.text.trim().length === 0) return;
    flushEnglish();
    const han = HAN_CHARACTER.test(token.text) && !/[^\p{Script=Han}]/u.test(token.text);
    if (han && CHINESE_RULE_HEADS.test(token.text)) {
      // The rule's name runs back over the nouns and verbs before its head (求导 is a verb).
      const name: TaggedToken[] = [];
      for (let back = i - 1; back >= 0 && name.length < MAX_CHINESE_PHRASE_WORDS - 1; back--) {
        const before = tokens[back];
        if (before === undefined || !/^(?:n|nz|vn|v|ng|b)$/.test(before.tag) || !HAN_CHARACTER.test(before.text)) break;
        name.unshift(before);
      }
      run = [];
      const phrase = [...name, token].map((t) => t.text).join('');
      if (!isNonTerm(phrase, models, 'zh')) terms.push({ key: phrase, surface: phrase });
      return;
    }
    if (han && CHINESE_CONTENT_TAGS.test(token.tag) && !models.isStopWord(token.text, 'zh')) run.push(token);
    else flush();
  });
  flush();
  flushEnglish();
  return terms;
}

/**
 * Nouns too vague to be a course's concept on their own, though they may start one ("point
 * estimate", "number line", "end product"): they are dropped as concepts, not as modifiers.
 */
const VAGUE_NOUNS: ReadonlySet<string> = new Set(
  `people person guy reason result side place number point fact piece type sort end start way count
  work stuff change matter level amount stage situation issue aspect area form
  东西 方面 情况 办法 结果 原因 方法 过程 作用 地方 样子 程度 水平 类型 部分`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/** Whether a candidate concept is a non-term or a vague noun standing alone. */
export function isVagueConcept(key: string, models: LanguageModels, language: 'en' | 'zh'): boolean {
  return isNonTerm(key, models, language) || VAGUE_NOUNS.has(key);
}

/** Function words (stopwords-iso), classroom words, numbers and single characters. */
export function isNonTerm(word: string, models: LanguageModels, language: 'en' | 'zh'): boolean {
  if ([...word].length < 2 || /^[\d\s.,]+$/.test(word)) return true;
  return CLASSROOM_WORDS.has(word) || models.isStopWord(word, language);
}

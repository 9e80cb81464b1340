// What the class said that explains a term: the sentence that defines it, the example that
// goes with it, and — for "why" and "how" — what the class said after asking that itself or
// with "because". Rescue and follow-up both answer from here.
import { definitionJudge } from '../text/definitions.js';
import { termMentions } from '../text/concepts.js';
import type { LanguageModels } from '../text/language-models.js';
import { asksForSimpler, questionIntent } from '../text/question-intent.js';
import type { QuestionIntent } from '../text/question-intent.js';
import { isAnalogy } from '../text/explanations.js';
import { isQuestion } from '../text/questions.js';
import type { ClassSentence } from './class-sentences.js';
import { mentionPattern } from './key-phrases.js';
import { arraySentenceList } from './sentence-list.js';
import type { SentenceList } from './sentence-list.js';
import { withoutDenied } from './question-terms.js';
import { exampleOf } from './term-example.js';

export interface Explanation {
  subject: string;
  intent: QuestionIntent;
  /** The sentences to answer with, in the order to say them. */
  sentences: ClassSentence[];
  /** Every statement that mentions the subject (for "the class mentioned it here"). */
  mentions: ClassSentence[];
  /** For why/how: whether the class gave the reason or the way, not only the definition. */
  reasoned: boolean;
}

/** Statements this close after a question of the same kind answer it. */
const ANSWER_SENTENCES_AFTER = 2;
const STRONGEST_DEFINITION = 3;
const INTRODUCTION_SENTENCES = 2;
/** How far after announcing a topic the class is still introducing it. */
const INTRODUCTION_LOOKAHEAD = 6;
const REASON_CUES = /\b(?:because|since|that's why|the reason|so that|this is why|which is why)\b|因为|由于|所以说|原因是|这是因为/i;
/** How far after a mention of the subject, in entries, an image of it is looked for. */
const ANALOGY_REACH = 3;
/** How far back a naming sentence's chain of "this…" sentences is followed. */
const DESCRIBED_SENTENCES_MAX = 2;
const REFERS_BACK_OPENING = /^(?:(?:so|and|now)[,\s]*)?(?:this|that|these|those|这|那)/i;
const EXAMPLE_CUE_OPENING = /^(?:(?:so|okay|now)[,\s]*)?(?:for example|for instance|e\.g\.|say)[,\s]*/i;

/**
 * The subject of a question: the longest term it names that `sentences` mention, else the
 * longest term it names at all (the class may not have covered it); null when it names none.
 */
export function questionSubject(question: string, sentences: readonly ClassSentence[] | SentenceList, models: LanguageModels): { term: string; mentioned: boolean } | null {
  // What the question sets aside ("without the formula") is not what it is about.
  const about = withoutDenied(question);
  const asked = [...termMentions(about, models).map((m) => m.surface), ...askedAbout(about)];
  const named = [...new Set(asked.flatMap(candidatesOf))].sort((a, b) => b.length - a.length);
  const list = listOf(sentences);
  for (const term of named) {
    const pattern = mentionPattern(term);
    // Said in a statement: a question of the class's own ("Why does the power rule work?")
    // names the subject with the question's words around it.
    for (const [, sentence] of mentionsIn(list, term, pattern)) if (!isQuestion(sentence.text)) return { term, mentioned: true };
  }
  return named[0] === undefined ? null : { term: named[0], mentioned: false };
}

function listOf(sentences: readonly ClassSentence[] | SentenceList): SentenceList {
  return Array.isArray(sentences) ? arraySentenceList(sentences) : (sentences as SentenceList);
}

/**
 * The sentences of the list that `pattern` (mentionPattern of `phrase`) finds, with their
 * positions, in class order: only those the class's word index says may hold the phrase are
 * tested (sentence-list.ts), all of them when it cannot tell.
 */
function* mentionsIn(list: SentenceList, phrase: string, pattern: RegExp): Generator<[number, ClassSentence]> {
  const positions = list.mayMention(phrase);
  const count = positions === null ? list.length : positions.length;
  for (let k = 0; k < count; k++) {
    const at = positions === null ? k : positions[k]!;
    const sentence = list.at(at);
    if (sentence !== undefined && pattern.test(sentence.text)) yield [at, sentence];
  }
}

/**
 * What a Chinese question asks about, by its frame (什么是X, 听说过X吗, X是什么): the tagger
 * does not always call the word a noun (积分 can be an adverb to it).
 */
const CHINESE_QUESTION_FRAMES: readonly RegExp[] = [
  /(?:什么是|什么叫|听说过|知道|解释一下|讲讲|说说|介绍一下)([\u3400-\u9fff]{2,8}?)(?:吗|呢|[？?。，,]|$)/,
  // "等差中项，到底是什么": an adverb, and a pause before it, may stand between the term and the frame.
  /([\u3400-\u9fff]{2,8}?)[，,]?(?:到底|究竟)?(?:是什么|指什么|是啥|为什么|怎么)/,
];
const CHINESE_QUESTION_OPENERS = /^(?:那么|所以|好|请问|老师|谁能告诉我|谁能说一下|能不能|可以)+/;
/** "刚才讲的等差中项": what comes before the last 的 only qualifies the term. */
const QUALIFIED_BY = /^.*的(?=[\u3400-\u9fff]{2})/;

function askedAbout(question: string): string[] {
  return CHINESE_QUESTION_FRAMES.flatMap((frame) => {
    const term = frame.exec(question)?.[1]?.replace(CHINESE_QUESTION_OPENERS, '').replace(QUALIFIED_BY, '');
    return term !== undefined && term.length >= 2 ? [term] : [];
  });
}

/** A phrase and its shorter tails: "the power rule work" may be said as "power rule". */
function candidatesOf(surface: string): string[] {
  if (!/\s/.test(surface.trim())) return [surface];
  const words = surface.trim().split(/\s+/);
  const out: string[] = [];
  for (let n = words.length; n >= 1; n--) {
    out.push(words.slice(0, n).join(' '));
    out.push(words.slice(words.length - n).join(' '));
  }
  return out;
}

export function explanationOf(subject: string, question: string, sentences: readonly ClassSentence[] | SentenceList): Explanation {
  const intent = questionIntent(question);
  const pattern = mentionPattern(subject);
  const list = listOf(sentences);
  const mentions: ClassSentence[] = [];
  for (const [, sentence] of mentionsIn(list, subject, pattern)) if (!isQuestion(sentence.text)) mentions.push(sentence);
  const definition = strongestDefinition(subject, mentions);
  const example = exampleOf(mentions, definition, (sentence) => list.at(list.indexOf(sentence) + 1));
  const reasons = intent === 'why' || intent === 'how' ? answersToQuestionsLike(intent, subject, pattern, list) : [];
  if (intent === 'why' && reasons.length === 0) {
    reasons.push(...mentions.filter((s) => REASON_CUES.test(s.text)));
  }
  // Asked to put it more simply: the image the class gave for it first, then what it is.
  const image = intent !== 'why' && asksForSimpler(question) ? analogyFor(subject, pattern, list) : undefined;
  const chosen: (ClassSentence | undefined)[] =
    intent === 'example' ? [example ?? definition] : reasons.length > 0 ? reasons : [image, ...describedBy(definition, list), definition, example];
  let unique = [...new Set(chosen.filter((s): s is ClassSentence => s !== undefined))];
  if (unique.length === 0) unique = introductionOf(pattern, list);
  return { subject, intent, sentences: unique, mentions, reasoned: reasons.length > 0 };
}

/**
 * What a naming sentence names: "This quotient is called the difference quotient" names what
 * the sentence before described, and that one may point back again ("这样转一圈又回到起点，是一个
 * 循环。这是卡尔文发现的，所以叫卡尔文循环。"), up to DESCRIBED_SENTENCES_MAX back. In class order.
 */
function describedBy(definition: ClassSentence | undefined, list: SentenceList): ClassSentence[] {
  const described: ClassSentence[] = [];
  let pointing = definition;
  let at = definition === undefined ? -1 : list.indexOf(definition);
  while (pointing !== undefined && REFERS_BACK_OPENING.test(pointing.text) && described.length < DESCRIBED_SENTENCES_MAX) {
    const before = list.at(--at);
    if (before === undefined || isQuestion(before.text)) break;
    described.unshift(before);
    pointing = before;
  }
  return described;
}

/**
 * The class's image for the subject: the last sentence with an analogy cue ("就像充电宝",
 * "think of it as…", "你就想种树") that names the subject or comes at most ANALOGY_REACH
 * entries after a mention of it. Rhetorical questions count: an image is often one.
 */
function analogyFor(subject: string, pattern: RegExp, list: SentenceList): ClassSentence | undefined {
  let found: ClassSentence | undefined;
  let foundAt = -1;
  for (const [at, mention] of mentionsIn(list, subject, pattern)) {
    for (let near = Math.max(at, foundAt + 1); ; near++) {
      const sentence = list.at(near);
      if (sentence === undefined || sentence.position > mention.position + ANALOGY_REACH) break;
      if (isAnalogy(sentence.text)) {
        found = sentence;
        foundAt = near;
      }
    }
  }
  return found;
}

function strongestDefinition(subject: string, mentions: readonly ClassSentence[]): ClassSentence | undefined {
  const judge = definitionJudge(subject);
  let best: ClassSentence | undefined;
  let bestStrength = 0;
  for (const sentence of mentions) {
    const strength = judge(sentence.text);
    if (strength > bestStrength) {
      best = sentence;
      bestStrength = strength;
      if (strength === STRONGEST_DEFINITION) break;
    }
  }
  return best;
}

/** What the class said right after asking a question of the same kind about the subject. */
function answersToQuestionsLike(intent: QuestionIntent, subject: string, pattern: RegExp, list: SentenceList): ClassSentence[] {
  const answers: ClassSentence[] = [];
  for (const [i, sentence] of mentionsIn(list, subject, pattern)) {
    if (!isQuestion(sentence.text) || questionIntent(sentence.text) !== intent) continue;
    for (let next = i + 1; next <= i + ANSWER_SENTENCES_AFTER; next++) {
      const following = list.at(next);
      if (following === undefined || isQuestion(following.text)) break;
      answers.push(following);
      if (REASON_CUES.test(following.text)) break;
    }
  }
  return answers;
}

/** An example sentence without its "For example," so it can follow our own "For example". */
export function withoutExampleCue(text: string): string {
  return text.replace(EXAMPLE_CUE_OPENING, '');
}

/** What the class said right after announcing the subject as its topic ("Now, the last topic for today is fermentation."). */
function introductionOf(pattern: RegExp, list: SentenceList): ClassSentence[] {
  let at = -1;
  for (let i = 0; i < list.length && at < 0; i++) {
    const topic = list.topicAt(i);
    if (topic !== null && pattern.test(topic)) at = i;
  }
  if (at < 0) return [];
  const following: ClassSentence[] = [];
  for (let i = at + 1; i < Math.min(list.length, at + 1 + INTRODUCTION_LOOKAHEAD); i++) {
    const sentence = list.at(i);
    if (sentence !== undefined && !isQuestion(sentence.text)) following.push(sentence);
  }
  const naming = following.filter((s) => pattern.test(s.text));
  return (naming.length > 0 ? naming : following).slice(0, INTRODUCTION_SENTENCES);
}

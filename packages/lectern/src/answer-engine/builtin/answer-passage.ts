// The two sentences of the class that answer a question the teacher put to the room. A teacher
// checks what was just taught, so the answer is in the class's own explanation: the sentence
// that shares the question's words (and the words of the case it sets up), whose role fits
// what is asked (a reason for "why", a number for "how many", what follows for "what
// happens"), and that is not itself a question or an announcement. A line that asks two things
// ("Why does it work? What kind of inhibition is that?") gets one sentence for each.
import { findAnnouncement, namesAnnouncedWork, timeExpressions } from '../text/announcements.js';
import { askedLine } from '../text/asked-part.js';
import type { AskedLine } from '../text/asked-part.js';
import { isEmphasised } from '../text/emphasis.js';
import { isDefinition, isExample } from '../text/explanations.js';
import { askedFor, askedKind, choiceOptions } from '../text/question-intent.js';
import type { AskedFor } from '../text/question-intent.js';
import { questionStrength } from '../text/questions.js';
import { stem } from '../text/stems.js';
import { termRuns, tokenize } from '../text/tokens.js';
import type { ClassSentence } from './class-sentences.js';
import { BestFirst } from './best-first.js';
import { SentenceLookup } from './sentence-lookup.js';

/** How much the words of the case a question sets up ("Back to the phone book.") count beside its own. */
const CONTEXT_WEIGHT = 0.6;
/** The words of the line's other questions: the same topic, a weaker pointer to this answer. */
const SIBLING_WEIGHT = 0.4;
/** A question with fewer content terms than this leans on what came before it. */
const SELF_CONTAINED_TERMS = 2;
/** A second question that points back ("What kind is that?") is about what the first answer said. */
const FIRST_ANSWER_WEIGHT = 0.4;
/**
 * An answer sits next to the sentences that set up its case: "Trypsin likes it around 8." then
 * "Far from its optimum pH it denatures." A sentence gets this share of its neighbours' match.
 */
const NEIGHBOUR_SHARE = 0.35;
/** The class asked itself the same thing and answered in the next sentences: a strong sign. */
const SELF_ANSWER_SHARE = 0.8;
const SELF_ANSWER_SENTENCES = 2;
/** The question's own words, as coverage counts them: those it weighs more than its set-up. */
const OWN_WORD_WEIGHT_MIN = 0.6;
/** A phrase of the question said as it is counts this much again, on top of its words. */
const PHRASE_SHARE = 0.5;
/**
 * "What happens if…", "What goes wrong": the class set up the case and then said what follows,
 * so the sentences after a match get these shares of it, nearest first.
 */
const FOLLOWING_SHARES = [0.7, 0.5, 0.3];
const CASE_SHARE = 0.6;
const CASE_CUE = /\b(?:if|when|suppose|imagine|say|once)\b|如果|假如|假设|要是|一旦|的时候/i;
/** A later explanation outranks an earlier one of equal match by up to this share: it is what the class is on. */
const RECENCY_WEIGHT = 0.3;
/** A sentence whose role fits what is asked outranks one that only shares its words. */
const ROLE_FIT_WEIGHT = 1.7;
/** A "how many" asked, and a sentence without a number: it cannot be the answer. */
const ROLE_MISFIT_WEIGHT = 0.6;
/** A worked example answers "what is" worse than the sentence that defines. */
const EXAMPLE_WEIGHT = 0.85;
/** What the teacher stressed ("write that down", "people lose marks on this") is what a check asks back. */
const EMPHASIS_WEIGHT = 1.25;
/**
 * Length normalisation of the match, as a power of the sentence's length against the class's
 * average: soft, so a long explanation is not beaten by a fragment that repeats one word.
 */
const LENGTH_EXPONENT = 0.1;
/** A sentence the teacher marks as a mistake right after ("错！", "Wrong.") is what not to say. */
const MARKED_WRONG = /^(?:wrong|no|nope|not quite|incorrect|错|不对|错了)[.!！。]*$/i;
const MARKED_WRONG_WEIGHT = 0.4;
/**
 * "Picture a pathway…", "Imagine a year with perfect weather.", "假设…": a sentence that sets up
 * a case to think about, which what follows resolves; it is not itself the answer.
 */
const SETUP_OPENING = /^(?:(?:so|ok|okay|now|and)[,\s]+)*(?:picture|imagine|suppose|let's say|say you|think of|think about|consider)\b|^(?:假设|想象|假如|设想)/i;
const SETUP_WEIGHT = 0.6;
/** A conclusion the class drew ("So…", 所以…) is about the question when it holds this share of its own words. */
const CONCLUSION_COVERAGE_MIN = 0.5;
/** A sentence of a run of reasoning carries its facts when it adds this share of the richest one's new words. */
const WEIGHTY_SHARE = 0.6;
/** How far back before its conclusion the reasoning that led there is read. */
const REASONING_SENTENCES_MAX = 6;
/** Runners-up offered besides the answer. */
const RUNNERS_UP_MAX = 2;
/** A second sentence that is not the first one's continuation must score this share of it. */
const SECOND_SCORE_MIN = 0.5;

/**
 * Cues that a sentence gives a reason, in English and Chinese ("so far away that…" and "too
 * small to see" say why as well as "because" does). "So" and 所以 count inside a
 * sentence ("it's slow, so they compromise" holds both halves); a sentence that opens with
 * them draws a conclusion, and for "why" its reason is the sentence before (see carried()).
 */
const REASON_CUES = /\b(?:because|since(?=,?\s+(?:it|they|we|you|he|she|the|this|that|there|an?|nobody|no one|everyone)\b)|that's why|this is why|which is why|the reason|which means|that means|so that|otherwise|due to|so (?:[\w'-]+ ){1,2}that|too [\w'-]+ (?:to|for))\b|因为|由于|原因|导致|从而|否则/i;
const INNER_CONCLUSION = /\S[^.!?。！？]*?(?:,\s*|\s)(?:so|therefore|hence)\b|[^，,]+[，,](?:所以|因此|于是)/i;
const CONSEQUENCE_CUES =
  /\b(?:so|then|becomes?|became|ends? up|turns? into|shifts?|stops?|breaks?|gets?|goes|would|will|until|forever|never|no longer|anymore)\b|就|会|变成|变得|最后|导致|所以|结果|于是/i;
/**
 * A rule the class stated: a condition and what follows ("If demand is inelastic, revenue goes
 * up", "Take an enzyme far from its optimum and it denatures", "如果…就…"). A check question
 * about a case is answered by the rule the case falls under.
 */
const RULE =
  /^(?:(?:so|and|but|now|remember|again)[,\s]+)?(?:if|when|whenever|once|take|any|every|the more|the (?:higher|lower|bigger|smaller|faster|longer|larger))\b|\b(?:always|never|tends? to|in general|as long as)\b|如果|只要|一旦|越.{1,8}越|无论/i;
const RULE_WEIGHT = 1.2;
/** "The Estates-General is an assembly of…", "Bias is a problem with…": a subject said to be something. */
const COPULA_DEFINITION = /^(?:(?:so|now|and|ok|okay|well)[,\s]+)*((?:the |an? )?[\w'-]+(?: [\w'-]+){0,3}) (?:is|are|means|refers to) (?:an?|the|when|what|how|where|just|basically|about)\b/i;

/** Whether the sentence says what the question's own subject is: "The 95 percent is about…", not "The true p is a…". */
function definesAsked(query: WeightedQuery, text: string): boolean {
  const subject = COPULA_DEFINITION.exec(text.trim())?.[1];
  return subject !== undefined && tokenize(subject).some((term) => (query.weights.get(stem(term)) ?? 0) >= OWN_WORD_WEIGHT_MIN);
}
const NOT_WHAT_IT_MEANS = /\b(?:does not|doesn't|did not|didn't) mean\b|\b(?:is not|isn't) (?:about|saying|that)\b|并不是说|不是说|并不意味着|不等于/i;
/**
 * "How do you update low and high?", "怎么算": a procedure is said as steps and conditions
 * ("If it's smaller, set low to mid plus one", "先…然后…").
 */
const STEP_CUES = /\b(?:first|then|next|after that|finally|if|when|set|compute|take|divide|multiply|add|subtract|plug|start)\b|先|然后|再|接着|最后|如果|把|算/i;
/** A name said inside a sentence ("…, Third Estate one.", "Necker"): capitalised, not as the sentence's first word. */
const NAMED = /\S\s+(?:[A-Z][a-z]+|[A-Z]{2,})\b/;
/** A number said as digits or words: the answer to "how many". */
const NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|half|double|twice|triple|quadruple|times)\b|[一二三四五六七八九十百千万亿两半倍]/i;
const WH_OPENING = /^(?:(?:and|so|but)[,\s]+)?(?:what|why|how|who|which|when|where)\b|为什么|为何|怎么|什么|哪/i;
/** A sentence that carries its thought on from the one before keeps this share of that one's match. */
const CONTINUED_SHARE = 0.8;
/**
 * An answer adds to the question: a sentence made only of the question's words ("The Haber
 * process uses an iron catalyst." for "What does the iron catalyst do?") restates it. The
 * factor grows from this floor to 1 as the sentence brings new content words.
 */
const RESTATEMENT_FLOOR = 0.5;
const NEW_TERMS_FOR_FULL_CREDIT = 2;
const HAN_BIGRAMS_PER_WORD = 3;
const HAN_BIGRAM = /[\u3400-\u9fff]{2}/;
/** Sentences that carry on from the one before: "Because…", "So…", "That's why…", "所以…". */
export const CONTINUATION_OPENING =
  /^(?:(?:and|but)[,\s]+)?(?:because|so|that's|this is|which|it|they|then|hence|therefore|but|however|yet|otherwise)\b|^(?:因为|所以|这样|于是|因此|也就是说|但是|可是|不过|否则|那么)/i;
/** A conclusion drawn from what was said before it: for "why" and "how", the reason or the way is that before. */
const CONCLUSION_OPENING = /^(?:(?:and|but)[,\s]+)?(?:so|hence|therefore|that's why|this is why|which is why|that's how|this is how)\b|^(?:所以|因此|于是|这就是|这样就)/i;

export interface AnswerPassage {
  /** What to say, in the order to say it: the best answer first. */
  sentences: ClassSentence[];
  score: number;
  /** Share (0..1) of the first question's own word weight that the sentences said hold. */
  coverage: number;
  /** The next best answers to the first question, best first: a written answer can quote more than a spoken one. */
  runnersUp: ClassSentence[];
}

interface WeightedQuery {
  weights: Map<string, number>;
  /** Adjacent term pairs of the question ("iron catalyst", "low equal"), keyed "a b", with their weight. */
  pairs: Map<string, number>;
  wants: AskedFor;
  options: string[];
  /** Whether the line sets up a case ("if I add nitrogen", "suppose…", 如果): what follows it is the answer. */
  hasCase: boolean;
  /** For "what kind of inhibition": the stems of the kind's noun, which a naming sentence qualifies. */
  kind: string[] | null;
}

/**
 * The sentences of `before` (the class up to the question, oldest first) that best answer
 * `asked` (the teacher's question line, or its parts), or undefined when no statement shares
 * a content word with it.
 */
export function answerPassage(
  asked: string | AskedLine,
  before: readonly ClassSentence[],
  /** How telling each (stemmed) term of the question is, e.g. by part of speech; 1 when not given. */
  termWeight: (term: string) => number = () => 1,
): AnswerPassage | undefined {
  const line = typeof asked === 'string' ? askedLine(asked) : asked;
  // "And why?" names nothing but still asks: its words come from the rest of the line.
  const questions = line.questions.filter((q) => tokenize(q).length > 0 || WH_OPENING.test(q.trim()));
  if (questions.length === 0 && line.context.every((c) => tokenize(c).length === 0)) return undefined;
  const asking = questions.length > 0 ? questions : line.questions;
  // Homework and exam lines answer "when is it due?", or a question about that work itself
  // ("Why can the report come late?"), and nothing else a teacher checks.
  const ranker = new SentenceRanker(before, asking.some((q) => askedFor(q) === 'time' || namesAnnouncedWork(q)));
  if (!ranker.hasCandidate()) return undefined;

  const queryFor = (at: number, extra?: readonly string[]): WeightedQuery => {
    const weights = new Map<string, number>();
    const pairs = new Map<string, number>();
    const add = (texts: readonly string[], weight: number): void => {
      for (const run of texts.flatMap((t) => termRuns(t))) {
        const keys = run.map(stem);
        keys.forEach((key, i) => {
          weights.set(key, Math.max(weights.get(key) ?? 0, weight * termWeight(key)));
          const next = keys[i + 1];
          if (next !== undefined) pairs.set(`${key} ${next}`, Math.max(pairs.get(`${key} ${next}`) ?? 0, weight));
        });
      }
    };
    add(asking.filter((_, i) => i !== at), SIBLING_WEIGHT);
    add(line.context, CONTEXT_WEIGHT);
    if (extra !== undefined) add(extra, FIRST_ANSWER_WEIGHT);
    add([asking[at] ?? ''], 1);
    const question = asking[at] ?? line.context.join(' ');
    const kind = askedKind(question);
    const hasCase = CASE_CUE.test([question, ...line.context].join(' '));
    return { weights, pairs, wants: askedFor(question), options: choiceOptions(question), hasCase, kind: kind === null ? null : tokenize(kind).map(stem) };
  };

  const primary = queryFor(0);
  const first = ranker.best(primary, new Set());
  if (first === undefined) return undefined;
  // "Why…?" asked of what the class concluded ("So the wind blows from the sea."): the
  // reasoning that led there is the answer, from its start.
  // The same when the best match is itself such a conclusion, though it says the question in
  // other words (夏天 for 夏季): restated, it would only give the question back.
  const reasoning = primary.wants === 'reason' && asking.length === 1 ? ranker.reasoningBefore(primary, first.sentence) : [];
  if (reasoning.length > 0) {
    const said = ranker.weightiest(reasoning, primary);
    return { sentences: said, score: first.score, coverage: ranker.coverage(said, primary), runnersUp: [first.sentence] };
  }
  const chosen = [first.sentence];
  let second: ClassSentence | undefined;
  if (asking.length > 1) {
    // One sentence for each thing asked; a second question that names little ("What kind is
    // that?") is about what the first answer said.
    const pointsBack = tokenize(asking[1] ?? '').length < SELF_CONTAINED_TERMS;
    second = ranker.best(queryFor(1, pointsBack ? [first.sentence.text] : undefined), new Set(chosen))?.sentence;
  }
  second ??= ranker.continuation(first.sentence, primary);
  if (second !== undefined) chosen.push(second);
  const runnersUp: ClassSentence[] = [];
  for (const r of ranker.ranked(primary)) {
    // Best first: once one scores below the share, so do all after it.
    if (r.score < SECOND_SCORE_MIN * first.score || runnersUp.length === RUNNERS_UP_MAX) break;
    if (!chosen.includes(r.sentence)) runnersUp.push(r.sentence);
  }
  return { sentences: chosen, score: first.score, coverage: ranker.coverage(chosen, primary), runnersUp };
}

/** The most score() multiplies a carried match by, before the kind of thing asked and recency. */
const SCORE_FACTOR_MAX =
  Math.max(RULE_WEIGHT, 1) *
  Math.max(ROLE_FIT_WEIGHT, ROLE_MISFIT_WEIGHT, EXAMPLE_WEIGHT, 1) *
  Math.max(RESTATEMENT_FLOOR, 1) *
  Math.max(MARKED_WRONG_WEIGHT, 1) *
  Math.max(SETUP_WEIGHT, 1) *
  Math.max(EMPHASIS_WEIGHT, 1);
/** The most a sentence that names (or not) the kind asked for is multiplied by. */
const KIND_FACTOR_MAX = Math.max(ROLE_FIT_WEIGHT, ROLE_MISFIT_WEIGHT);
/** Headroom for rounding: the score is a product of up to eight factors, each rounded. */
const BOUND_SLACK = 1 + 1e-9;

/** What the ranker has found out about a sentence (0: not yet). */
const KNOWN_YES = 1;
const KNOWN_NO = 2;

interface Scored {
  sentence: ClassSentence;
  score: number;
}

/**
 * The class before the question, ready to be ranked against the questions of one line. Only
 * the sentences that hold a word of the question, and those next to them, can score: they are
 * found in the class's index of stems (sentence-lookup.ts), and what is read of a sentence —
 * its stems, whether it asks, whether it may answer — is found when first needed. On a
 * two-hour class that is a few hundred sentences of the 5,000 before a rescue's question.
 */
class SentenceRanker {
  /** Every sentence before the question, questions included: a question the class asked itself lends its match to the answer after it. */
  private readonly all: readonly ClassSentence[];
  private readonly lookup: SentenceLookup;
  private readonly announcementsAnswer: boolean;
  /** Per position, when first read: its stems, and its adjacent stem pairs keyed "a b". */
  private readonly stemSets: (Set<string> | undefined)[] = [];
  private readonly pairSets: (Set<string> | undefined)[] = [];
  /** Per position: 0 not yet known, else KNOWN_YES or KNOWN_NO. */
  private readonly asking: Uint8Array;
  private readonly answering: Uint8Array;
  private readonly averageLength: number;
  /** Per stem of a question: its idf among the sentences, or undefined when none holds it. */
  private readonly idfs = new Map<string, number | undefined>();

  constructor(before: readonly ClassSentence[], announcementsAnswer: boolean) {
    this.all = before;
    this.lookup = SentenceLookup.of(before);
    this.announcementsAnswer = announcementsAnswer;
    this.asking = new Uint8Array(before.length);
    this.answering = new Uint8Array(before.length);
    let total = 0;
    for (let at = 0; at < before.length; at++) total += this.lookup.termCount(at);
    this.averageLength = before.length > 0 ? Math.max(1, total / before.length) : 1;
  }

  private idf(term: string): number | undefined {
    if (this.idfs.has(term)) return this.idfs.get(term);
    const count = this.lookup.withStem(term).length;
    const n = this.all.length;
    const idf = count === 0 ? undefined : Math.log(1 + (n - count + 0.5) / (count + 0.5));
    this.idfs.set(term, idf);
    return idf;
  }

  private stemSet(at: number): Set<string> | undefined {
    const sentence = this.all[at];
    if (sentence === undefined) return undefined;
    let set = this.stemSets[at];
    if (set === undefined) this.stemSets[at] = set = new Set(sentence.terms.map(stem));
    return set;
  }

  private pairSet(at: number): Set<string> | undefined {
    const sentence = this.all[at];
    if (sentence === undefined) return undefined;
    let set = this.pairSets[at];
    if (set === undefined) {
      const keys = sentence.terms.map(stem);
      this.pairSets[at] = set = new Set(keys.slice(1).map((key, i) => `${keys[i] ?? ''} ${key}`));
    }
    return set;
  }

  /** Whether the sentence at `at` asks rather than tells (false outside the class). */
  private asks(at: number): boolean {
    const sentence = this.all[at];
    if (sentence === undefined) return false;
    if (this.asking[at] === 0) this.asking[at] = asks(sentence.text) ? KNOWN_YES : KNOWN_NO;
    return this.asking[at] === KNOWN_YES;
  }

  /** Whether the sentence at `at` is a statement that may answer: it has content words, does not ask, and announces nothing unless that is what is asked. */
  private isCandidate(at: number): boolean {
    const sentence = this.all[at];
    if (sentence === undefined) return false;
    if (this.answering[at] === 0) {
      const answers = this.lookup.termCount(at) > 0 && !this.asks(at) && (this.announcementsAnswer || findAnnouncement(sentence.text) === null);
      this.answering[at] = answers ? KNOWN_YES : KNOWN_NO;
    }
    return this.answering[at] === KNOWN_YES;
  }

  /** Whether any sentence may answer. */
  hasCandidate(): boolean {
    for (let at = this.all.length - 1; at >= 0; at--) if (this.isCandidate(at)) return true;
    return false;
  }

  /** How much of the query sentence `at` holds, idf-weighted, softly normalised by length. */
  private match(at: number, query: WeightedQuery): number {
    const set = this.stemSet(at);
    if (set === undefined) return 0;
    let sum = 0;
    for (const [term, weight] of query.weights) if (set.has(term)) sum += weight * (this.idf(term) ?? 0);
    if (sum === 0) return 0;
    // The question's words in the question's order ("low equals mid", 海陆热力) name its case, not just its topic.
    const pairs = this.pairSet(at);
    for (const [pair, weight] of query.pairs) {
      if (pairs?.has(pair) !== true) continue;
      sum += this.pairGain(pair, weight);
    }
    return sum / this.lengthNorm(at);
  }

  private pairGain(pair: string, weight: number): number {
    const [a = '', b = ''] = pair.split(' ');
    return PHRASE_SHARE * weight * ((this.idf(a) ?? 0) + (this.idf(b) ?? 0)) / 2;
  }

  private lengthNorm(at: number): number {
    return Math.pow(Math.max(1, this.lookup.termCount(at)) / this.averageLength, LENGTH_EXPONENT);
  }

  /**
   * match() of every sentence, found from the sentences that hold a term of the query: the
   * terms are added up in the query's order for each sentence, as match() adds them, so each
   * value is the same number. Returns the values (0 for the rest) and the positions that match.
   */
  private matches(query: WeightedQuery): { values: Float64Array; matched: number[] } {
    const values = new Float64Array(this.all.length);
    const hit = new Uint8Array(this.all.length);
    const matched: number[] = [];
    for (const [term, weight] of query.weights) {
      const holding = this.lookup.withStem(term);
      if (holding.length === 0) continue;
      const gain = weight * (this.idf(term) ?? 0);
      for (const at of holding) {
        values[at] += gain;
        if (hit[at] === 0) {
          hit[at] = 1;
          matched.push(at);
        }
      }
    }
    for (const [pair, weight] of query.pairs) {
      // A sentence with the pair holds its first stem; one whose terms matched nothing gets nothing (match() returns 0 first).
      const [a = '', b = ''] = pair.split(' ');
      for (const at of this.lookup.withStem(a)) {
        if (values[at] !== 0 && this.lookup.hasStemPair(at, a, b)) values[at] += this.pairGain(pair, weight);
      }
    }
    matched.sort((a, b) => a - b);
    const nonzero: number[] = [];
    for (const at of matched) {
      if (values[at] === 0) continue;
      values[at] = values[at]! / this.lengthNorm(at);
      nonzero.push(at);
    }
    return { values, matched: nonzero };
  }

  /**
   * score() multiplies a sentence's carried match by the factors below; SCORE_FACTOR_MAX and
   * KIND_FACTOR_MAX (with the recency factor) are the most they can come to, so ranked() can
   * leave unscored a sentence that cannot reach the ones it hands out. A factor added here must
   * be added there.
   */
  private score(at: number, query: WeightedQuery, carried: Float64Array): number {
    const sentence = this.all[at];
    if (sentence === undefined) return 0;
    let score = carried[at] ?? 0;
    if (score === 0) return 0;
    score *= roleFit(query, sentence.text);
    if (query.kind !== null && query.kind.length > 0) score *= this.namesKind(at, query.kind) ? ROLE_FIT_WEIGHT : ROLE_MISFIT_WEIGHT;
    score *= this.novelty(at, query);
    if (MARKED_WRONG.test(this.all[at + 1]?.text.trim() ?? '')) score *= MARKED_WRONG_WEIGHT;
    if (SETUP_OPENING.test(sentence.text.trim())) score *= SETUP_WEIGHT;
    if (isEmphasised(sentence.text) || isEmphasised(this.all[at - 1]?.text ?? '')) score *= EMPHASIS_WEIGHT;
    const span = Math.max(1, this.all.length - 1);
    score *= 1 + (RECENCY_WEIGHT * at) / span;
    return score;
  }

  /**
   * The statements that lead up to the class's conclusion of what the query asks about
   * (conclusionOf); the reasoning is the run of sentences before it that hang together —
   * the same entry, a sentence carried on from the one before ("Then…", "But…"), or one that
   * shares a word with the run — through the questions the class asked itself on the way, at
   * most REASONING_SENTENCES_MAX back. Empty when the class drew no such conclusion.
   */
  reasoningBefore(query: WeightedQuery, best: ClassSentence): ClassSentence[] {
    const conclusion = this.conclusionOf(query, best);
    if (conclusion < 0) return [];
    const run = new Set(this.stemSet(conclusion) ?? []);
    // The question's own words are shared by everything on its topic; the run's other words hold it together.
    const shares = (at: number): boolean => [...(this.stemSet(at) ?? [])].some((term) => run.has(term) && !query.weights.has(term));
    const linked = (at: number): boolean => {
      const current = this.all[at + 1];
      const previous = this.all[at];
      if (current === undefined || previous === undefined) return false;
      const carriedOn = CONTINUATION_OPENING.test(current.text.trim()) || CONCLUSION_OPENING.test(current.text.trim());
      return previous.position === current.position || carriedOn || shares(at);
    };
    let start = conclusion;
    const earliest = Math.max(0, conclusion - REASONING_SENTENCES_MAX);
    for (let at = conclusion - 1; at >= earliest; at--) {
      // One step of the reasoning may share no word with the next ("The lattice holds them apart."
      // before "More space per molecule…") when the one before it does.
      const reach = linked(at) ? at : at - 1 >= earliest && shares(at - 1) ? at - 1 : -1;
      if (reach < 0) break;
      for (let i = reach; i <= at; i++) for (const term of this.stemSet(i) ?? []) run.add(term);
      start = reach;
      at = reach;
    }
    const reasoning: ClassSentence[] = [];
    for (let at = start; at <= conclusion; at++) {
      const sentence = this.all[at];
      if (sentence !== undefined && this.isCandidate(at)) reasoning.push(sentence);
    }
    // Only the conclusion: nothing led up to it.
    return reasoning.length > 1 ? reasoning : [];
  }

  /**
   * The conclusion the reasoning led to: the statement opening with "So…", "That's why…", 所以…
   * that holds most of the question's own words, else the best match when it is one (it may
   * say the question in other words); -1 when neither.
   */
  private conclusionOf(query: WeightedQuery, bestMatch: ClassSentence): number {
    let conclusion = -1;
    let most = 0;
    // Only a sentence with one of the question's own words can cover half of them.
    const holding = new Set<number>();
    for (const [term, weight] of query.weights) if (weight >= OWN_WORD_WEIGHT_MIN) for (const at of this.lookup.withStem(term)) holding.add(at);
    for (const at of [...holding].sort((a, b) => a - b)) {
      const sentence = this.all[at];
      if (sentence === undefined || !this.isCandidate(at) || !CONCLUSION_OPENING.test(sentence.text.trim())) continue;
      const covered = this.coverage([sentence], query);
      if (covered >= CONCLUSION_COVERAGE_MIN && covered >= most) {
        conclusion = at;
        most = covered;
      }
    }
    if (conclusion >= 0 || !CONCLUSION_OPENING.test(bestMatch.text.trim())) return conclusion;
    return this.all.indexOf(bestMatch);
  }

  /**
   * Two sentences of a run of reasoning (its conclusion last) to say: from the first that
   * brings nearly as much beyond the question's words as the richest one does — a run opens
   * with its topic ("Now, 1789 is a terrible year… Bread.") before the facts — and the one after it.
   */
  weightiest(run: readonly ClassSentence[], query: WeightedQuery): ClassSentence[] {
    const added = run.map((sentence) => this.addedTerms(this.all.indexOf(sentence), query));
    const most = Math.max(...added);
    const from = added.findIndex((count) => count >= WEIGHTY_SHARE * most);
    return run.slice(from, from + 2);
  }

  /** How many content words the sentence adds to the question's, a Han bigram counted as a third of a word. */
  private addedTerms(at: number, query: WeightedQuery): number {
    const added = this.lookup.stemsOutside(at, query.weights);
    return HAN_BIGRAM.test(this.all[at]?.text ?? '') ? added / HAN_BIGRAMS_PER_WORD : added;
  }

  /** Whether the sentence names a kind of the noun: a word before it qualifies it ("competitive inhibitor", 氧化反应). */
  private namesKind(at: number, kind: readonly string[]): boolean {
    const head = kind[kind.length - 1] ?? '';
    for (const pair of this.pairSet(at) ?? []) if (pair.endsWith(` ${head}`)) return true;
    return false;
  }

  /** How much the sentence adds to the question: RESTATEMENT_FLOOR when nothing, 1 from a couple of new words on. */
  private novelty(at: number, query: WeightedQuery): number {
    const added = this.lookup.stemsOutside(at, query.weights);
    // Han bigrams overlap: one new two-character word brings up to three new bigrams.
    const perTerm = HAN_BIGRAM.test(this.all[at]?.text ?? '') ? HAN_BIGRAMS_PER_WORD : 1;
    return RESTATEMENT_FLOOR + (1 - RESTATEMENT_FLOOR) * Math.min(1, added / perTerm / NEW_TERMS_FOR_FULL_CREDIT);
  }

  /**
   * Each sentence's match with what it takes from its neighbours: a share of the sentences
   * beside it, most of a question the class asked itself just before, most of the sentence
   * it carries on from ("But…", "So…", "Because…"), and for a reason, most of the conclusion
   * drawn from it right after ("So the wind blows from the sea."). Only a sentence within one
   * before or three after a match takes anything, and a chain of carried-on sentences goes on
   * from one that has something: the rest stay 0 and are not read. Returns the values and the
   * positions whose value is not 0, ascending.
   */
  private carried(query: WeightedQuery): { values: Float64Array; nonzero: number[] } {
    const { values: matches, matched } = this.matches(query);
    const n = this.all.length;
    const carried = new Float64Array(n);
    const near: number[] = [];
    const seen = new Uint8Array(n);
    for (const m of matched) {
      for (let at = Math.max(0, m - 1); at <= Math.min(n - 1, m + FOLLOWING_SHARES.length); at++) {
        if (seen[at] === 0) {
          seen[at] = 1;
          near.push(at);
        }
      }
    }
    near.sort((a, b) => a - b);
    for (const at of near) {
      const own = matches[at] ?? 0;
      let lent = Math.max(matches[at - 1] ?? 0, matches[at + 1] ?? 0) * NEIGHBOUR_SHARE;
      for (let back = 1; back <= SELF_ANSWER_SENTENCES; back++) {
        if (this.asks(at - back)) lent = Math.max(lent, (matches[at - back] ?? 0) * SELF_ANSWER_SHARE);
      }
      if (drawsConclusions(query) && CONCLUSION_OPENING.test(this.all[at + 1]?.text.trim() ?? '')) lent = Math.max(lent, (matches[at + 1] ?? 0) * CONTINUED_SHARE);
      if (query.wants === 'consequence') FOLLOWING_SHARES.forEach((share, i) => (lent = Math.max(lent, (matches[at - 1 - i] ?? 0) * share)));
      // The sentence that sets up the case ("Somebody writes low equals mid.") is not what follows from it.
      carried[at] = (query.wants === 'consequence' && query.hasCase ? CASE_SHARE * own : own) + lent;
    }
    // A chain of carried-on sentences passes the match along, a share at each step.
    const nonzero: number[] = [];
    let next = 0;
    let at = near[0] ?? n;
    while (at < n) {
      if (at >= 1 && (carried[at - 1] ?? 0) > 0 && CONTINUATION_OPENING.test(this.all[at]?.text.trim() ?? '')) {
        carried[at] = Math.max(carried[at] ?? 0, (carried[at - 1] ?? 0) * CONTINUED_SHARE);
      }
      if ((carried[at] ?? 0) > 0) {
        nonzero.push(at);
        at++;
        continue;
      }
      while (next < near.length && near[next]! <= at) next++;
      at = near[next] ?? n;
    }
    return { values: carried, nonzero };
  }

  /** Rankings already made, per query: the answer, its continuation and its runners-up share one. */
  private readonly rankings = new Map<WeightedQuery, BestFirst>();

  /**
   * The statements that answer the query, best first, scored as they are read: only the few a
   * caller reads are scored (best-first.ts), each sentence's bound being its carried match
   * times the most score() can multiply it by.
   */
  *ranked(query: WeightedQuery): Generator<Scored> {
    let ranking = this.rankings.get(query);
    if (ranking === undefined) {
      const { values, nonzero } = this.carried(query);
      const kind = query.kind !== null && query.kind.length > 0 ? KIND_FACTOR_MAX : 1;
      const span = Math.max(1, this.all.length - 1);
      ranking = new BestFirst(
        nonzero,
        (at) => (values[at] ?? 0) * SCORE_FACTOR_MAX * kind * (1 + (RECENCY_WEIGHT * at) / span) * BOUND_SLACK,
        (at) => (this.isCandidate(at) ? this.score(at, query, values) : 0),
      );
      this.rankings.set(query, ranking);
    }
    for (const { at, score } of ranking) {
      const sentence = this.all[at];
      if (sentence !== undefined) yield { sentence, score };
    }
  }

  /** How much of the query's own (full-weight) words, idf-weighted, the sentences hold. */
  coverage(sentences: readonly ClassSentence[], query: WeightedQuery): number {
    const held = new Set(sentences.flatMap((s) => [...(this.stemSet(this.all.indexOf(s)) ?? [])]));
    let total = 0;
    let matched = 0;
    // A word the class never said weighs most: the question is about something it did not cover.
    const unseen = Math.log(1 + (this.all.length + 0.5) / 0.5);
    for (const [term, weight] of query.weights) {
      if (weight < OWN_WORD_WEIGHT_MIN) continue;
      const idf = this.idf(term) ?? unseen;
      total += idf;
      if (held.has(term)) matched += idf;
    }
    return total > 0 ? matched / total : 0;
  }

  best(query: WeightedQuery, taken: ReadonlySet<ClassSentence>): Scored | undefined {
    for (const r of this.ranked(query)) if (!taken.has(r.sentence)) return r;
    return undefined;
  }

  /**
   * What to say after `first`: the class's next sentence when it carries the point on (a
   * reason, a consequence, more of the question's words), else the next best answer if it
   * scores near the first.
   */
  continuation(first: ClassSentence, query: WeightedQuery): ClassSentence | undefined {
    const at = this.all.indexOf(first);
    // "So the wind blows from the sea." answers "why" only with what it was drawn from.
    const previous = this.all[at - 1];
    if (drawsConclusions(query) && CONCLUSION_OPENING.test(first.text.trim()) && previous !== undefined && this.isCandidate(at - 1)) return previous;
    const next = this.all[at + 1];
    const nextIsCandidate = next !== undefined && this.isCandidate(at + 1);
    if (nextIsCandidate && (this.match(at + 1, query) > 0 || CONTINUATION_OPENING.test(next.text.trim()) || /[:：]\s*$/.test(first.text))) return next;
    // "…提前到下周二。为什么提前？周四开运动会。": the class asks the question itself next and answers it.
    const answer = this.all[at + 2];
    if (next !== undefined && this.asks(at + 1) && this.match(at + 1, query) > 0 && answer !== undefined && this.isCandidate(at + 2)) return answer;
    let top: number | undefined;
    let runnerUp: Scored | undefined;
    for (const r of this.ranked(query)) {
      top ??= r.score;
      if (r.sentence !== first) {
        runnerUp = r;
        break;
      }
    }
    if (runnerUp !== undefined && runnerUp.score >= SECOND_SCORE_MIN * (top ?? 0)) return runnerUp.sentence;
    return nextIsCandidate ? next : undefined;
  }
}

/** "Why" and "how" questions are answered by what a conclusion ("So…", "That's how…", 这就是…) was drawn from. */
function drawsConclusions(query: WeightedQuery): boolean {
  return query.wants === 'reason' || query.wants === 'procedure';
}

/**
 * Whether a sentence of the class asks rather than tells. "So when the steam reaches the strip,
 * it bends." opens like a question but its full stop says it is not one.
 */
function asks(text: string): boolean {
  const strength = questionStrength(text);
  return strength === 'certain' || (strength === 'likely' && !/[.。!！]["”’)）]*$/.test(text.trim()));
}

/** How well the sentence's role suits what is asked. */
function roleFit(query: WeightedQuery, text: string): number {
  const rule = query.wants !== 'quantity' && query.wants !== 'definition' && RULE.test(text) ? RULE_WEIGHT : 1;
  return rule * roleCue(query, text);
}

function roleCue(query: WeightedQuery, text: string): number {
  switch (query.wants) {
    case 'reason':
      if (REASON_CUES.test(text) || INNER_CONCLUSION.test(text)) return ROLE_FIT_WEIGHT;
      // "Why is Louis calling the Estates-General?" is not answered by what the Estates-General is.
      return definesAsked(query, text) ? ROLE_MISFIT_WEIGHT : 1;
    case 'consequence':
      return CONSEQUENCE_CUES.test(text) ? ROLE_FIT_WEIGHT : 1;
    case 'quantity':
      return NUMBER.test(text) ? ROLE_FIT_WEIGHT : ROLE_MISFIT_WEIGHT;
    case 'kind':
    case 'definition':
      // "It does not mean a 95 percent probability…": what it is not, said before what it is.
      if (NOT_WHAT_IT_MEANS.test(text)) return ROLE_MISFIT_WEIGHT;
      if (isDefinition(text) || definesAsked(query, text)) return ROLE_FIT_WEIGHT;
      return isExample(text) ? EXAMPLE_WEIGHT : 1;
    case 'choice': {
      const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}-]+/u));
      // Chinese options are matched inside the text; English ones as whole words ("elastic" is not in "inelastic").
      return query.options.some((option) => (/[\u3400-\u9fff]/.test(option) ? text.includes(option) : words.has(option))) ? ROLE_FIT_WEIGHT : 1;
    }
    case 'time':
      return timeExpressions(text).length > 0 ? ROLE_FIT_WEIGHT : ROLE_MISFIT_WEIGHT;
    case 'procedure':
      return STEP_CUES.test(text) ? ROLE_FIT_WEIGHT : 1;
    case 'person':
      return NAMED.test(text) ? ROLE_FIT_WEIGHT : 1;
    case 'fact':
      return 1;
  }
}

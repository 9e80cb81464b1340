// "Rescue": the teacher may call on the student now. What to say, what was asked, and the
// quotes from the last minutes that back it up.
import { citationOf } from '../context/material.js';
import { isExample } from '../text/explanations.js';
import { tokenize } from '../text/tokens.js';
import { announcedTopic } from '../text/topics.js';
import { askedLine } from '../text/asked-part.js';
import { asksForDefinition } from '../text/question-intent.js';
import { verdictIn, yesNoQuestion } from '../text/yes-no.js';
import { sayNumber } from '../text/formulas.js';
import { computedAnswer, ruleMetBy } from './formula-answer.js';
import { answerPassage } from './answer-passage.js';
import { questionTermWeight } from './question-terms.js';
import { recentEntries, windowMinutesFor } from '../context/window.js';
import { centralSentences } from './centrality.js';
import { classSentences, sentenceAsks } from './class-sentences.js';
import { searchSentences } from './sentence-search.js';
import type { ClassSentence } from './class-sentences.js';
import { courseTerms } from './course-terms.js';
import { explanationOf, questionSubject, withoutExampleCue } from './explanation.js';
import type { Explanation } from './explanation.js';
import { keywordsAbout, keywordsOf } from './key-phrases.js';
import { asContinuation, boldList } from './phrasing.js';
import type { Composition } from './composition.js';
import { bold, escapeInline, heading, paragraphs, quoteItem } from './markdown.js';
import { bestPassage, materialSection, passageStatement } from './material-grounding.js';
import { latestTeacherQuestion } from './teacher-question.js';
import type { TeacherQuestion } from './teacher-question.js';

/** Supporting quotes shown under the question. */
const SUPPORTING_QUOTES_MAX = 3;
/** Key phrases named in the sentences to say: enough to sound informed, few enough to say. */
const SPOKEN_KEYWORDS_MAX = 2;
const WINDOW_KEYWORDS_MAX = 8;
/** A sentence worth repeating to the teacher says something: a few content terms at least. */
const MIN_RESTATED_TERMS = 3;
/** The concepts of the last entries name what an unknown term may connect to. */
const RELATED_TERMS_SENTENCES_MAX = 80;
const RELATED_TERMS_MAX = 3;
/** How far back before the window a definition is looked for. */
const EARLIER_ENTRIES_MAX = 4000;
/**
 * How far back the class is searched for the passage that answers a question: a check on
 * what was taught this lesson. Entries keep their terms cached, so this costs a ranking pass.
 */
const PASSAGE_ENTRIES_MAX = 600;
/** A slide speaks to the subject when it holds most of the subject's words. */
const SLIDE_COVERAGE_MIN = 0.5;
const REASON_OPENING = /^\s*(?:(?:well|so|right|yes)[,\s]+)?(?:because|it's because|that's because|since|因为|这是因为|是因为)[,，\s]*/i;
const REASON_CUES_ANYWHERE = /\b(?:because|since|that's why|the reason)\b|因为|由于|原因是/i;

export function composeRescue(c: Composition): string {
  const { book, request } = c;
  const minutes = windowMinutesFor('rescue', request.recentMinutes);
  const window = recentEntries(request.entries, minutes);
  if (window.length === 0) {
    return paragraphs([heading(book.rescue.say), `> ${book.rescue.sayNothingYet}`, book.emptyClass]);
  }
  const sentences = classSentences(window, request.entries.length - window.length);
  const question = latestTeacherQuestion(sentences);
  // The slide the teacher's question is about, else the one about what was said last.
  const fromMaterial = materialSection(
    c,
    question !== undefined ? [[...question.sentence.terms, ...(question.lead?.terms ?? [])]] : [...sentences].reverse().map((s) => s.terms),
  );

  if (question === undefined) {
    const keywords = keywordsOf(window, WINDOW_KEYWORDS_MAX);
    const central = centralSentences(sentences, SUPPORTING_QUOTES_MAX);
    // Only a statement with substance is worth repeating; "Great." is not.
    const latest = [...central].sort((a, b) => b.position - a.position)[0];
    const topics = boldList(book, keywordsAbout(keywords, latest?.terms ?? [], SPOKEN_KEYWORDS_MAX));
    const say =
      latest === undefined
        ? book.rescue.sayNothingYet
        : book.sentences([
            book.rescue.sayStatement(asContinuation(escapeInline(latest.text), c.language)),
            topics.length > 0 ? book.rescue.askTopic(topics) : book.rescue.checkUnderstanding,
          ]);
    return paragraphs([
      heading(book.rescue.say),
      `> ${say}`,
      heading(book.rescue.question),
      book.rescue.noQuestion(minutes),
      heading(book.rescue.quotes(minutes)),
      quotes(c, chronological(central.length > 0 ? central : sentences.slice(-SUPPORTING_QUOTES_MAX))),
      ...fromMaterial,
    ]);
  }

  const queryTerms = [...question.sentence.terms, ...(question.lead?.terms ?? [])];
  const statements = sentences.filter((s) => !sentenceAsks(s));
  const support = searchSentences(statements, queryTerms, SUPPORTING_QUOTES_MAX).flatMap(({ index: at }) => statements[at] ?? []);
  // "What is X?" is answered by X's defining sentence; any other question (what happens, why,
  // how many, which) by the passage of the class that explains what it asks about.
  // A line that also asks something else ("Why is he calling it? What's he after?") is answered from the passage.
  const onlyDefinitions = askedLine(question.sentence.entry.text).questions.every((q) => asksForDefinition(q));
  const answer = (onlyDefinitions ? undefined : answerFromPassage(c, sentences, question)) ?? answerFromClass(c, sentences, question);
  const best = support.find((s) => s.terms.length >= MIN_RESTATED_TERMS && announcedTopic(s.text) === null);
  const say =
    answer.say ??
    (best !== undefined
      ? book.sentences([book.rescue.youMentioned(asContinuation(escapeInline(best.text), c.language)), book.rescue.checkUnderstanding])
      : relatedOrRephrase(c, answer.related()));
  const asked = book.sentences([question.lead, question.sentence].flatMap((s) => (s === undefined ? [] : [s.text])));
  const inWindow = answer.used.filter((s) => sentences.includes(s));
  const shown = [...inWindow, ...(support.length > 0 ? support : centralSentences(statements, SUPPORTING_QUOTES_MAX))];
  return paragraphs([
    heading(book.rescue.say),
    `> ${say}`,
    heading(book.rescue.question),
    quoteItem(c.clock(question.sentence.entry), asked),
    heading(book.rescue.quotes(minutes)),
    quotes(c, chronological(shown).slice(-SUPPORTING_QUOTES_MAX - inWindow.length)),
    ...fromMaterial,
  ]);
}

interface ClassAnswer {
  /** The line to say, or undefined when the class gave nothing to say it from. */
  say: string | undefined;
  used: ClassSentence[];
  /** The class's main concept lately, to connect an unknown term to. */
  /** Only asked for when there is nothing to say from the class: naming it costs a tagging pass. */
  related: () => string | undefined;
}

/**
 * The teacher's question answered from what the class said before it: its subject's
 * definition and example, or the reason given; first in the last minutes, then earlier in
 * the class. A subject the class never mentioned gets an honest bridge that names it.
 */
function answerFromClass(c: Composition, window: readonly ClassSentence[], question: TeacherQuestion): ClassAnswer {
  const { book, models } = c;
  const before = window.slice(0, window.indexOf(question.sentence));
  // The question's own terms say what it is about; the sentence before only stands in when
  // the question names nothing ("So what does that mean?").
  const own = question.sentence.text;
  const asked = questionSubject(own, [], models) !== null ? own : [question.lead?.text ?? '', own].join(' ').trim();
  const recent = c.request.entries.slice(Math.max(0, c.request.entries.length - RELATED_TERMS_SENTENCES_MAX), -1);
  const related = (): string[] => courseTerms(classSentences(recent, 0), models, RELATED_TERMS_MAX, { definitions: false }).map((t) => t.name);
  // Earlier entries are searched as whole entries, unsplit and untokenised: only a pattern
  // for the subject runs over them, so a long class costs little here.
  const earlier = (): ClassSentence[] => {
    const end = c.request.entries.length - window.length;
    const start = Math.max(0, end - EARLIER_ENTRIES_MAX);
    return c.request.entries.slice(start, end).map((entry, offset) => ({ entry, position: start + offset, text: entry.text, terms: [] }));
  };
  let mention: ClassSentence | undefined;
  for (const source of [() => before, earlier]) {
    const sentences = source();
    const subject = questionSubject(asked, sentences, models);
    if (subject === null) break;
    if (!subject.mentioned) continue;
    const explanation = explanationOf(subject.term, question.sentence.text, sentences);
    const say = spoken(c, explanation);
    if (say !== undefined) return { say, used: explanation.sentences, related: () => related()[0] };
    mention ??= explanation.mentions[explanation.mentions.length - 1];
  }
  const subject = questionSubject(asked, [], models);
  if (subject === null) return { say: undefined, used: [], related: () => related()[0] };
  // The slides may define what the class has not explained yet.
  const material = c.request.material;
  const slide = material ? bestPassage(material, tokenize(subject.term), SLIDE_COVERAGE_MIN) : undefined;
  const statement = slide === undefined || !material ? undefined : passageStatement(material, slide, tokenize(subject.term));
  if (material && slide !== undefined && statement !== undefined) {
    const citation = citationOf(material, slide);
    return { say: book.rescue.fromSlides(asContinuation(escapeInline(statement), c.language), citation ?? ''), used: [], related: () => related()[0] };
  }
  // Said but never explained: what was said is all there is to go on.
  if (mention !== undefined) {
    return {
      say: book.sentences([book.rescue.youMentioned(asContinuation(escapeInline(mention.text), c.language)), book.rescue.checkUnderstanding]),
      used: [mention],
      related: () => related()[0],
    };
  }
  const other = related().find((name) => name.toLowerCase() !== subject.term.toLowerCase());
  return {
    say: other !== undefined ? book.rescue.bridge(bold(subject.term), bold(other)) : book.rescue.bridgeAlone(bold(subject.term)),
    used: [],
    related: () => other,
  };
}

/** The class's passage that answers the question, said as "I think …", or undefined when none shares its words. */
function answerFromPassage(c: Composition, window: readonly ClassSentence[], question: TeacherQuestion): ClassAnswer | undefined {
  const { book, language, request } = c;
  const windowStart = window[0]?.position ?? 0;
  const start = Math.max(0, windowStart - PASSAGE_ENTRIES_MAX);
  // Only what was said before the question's line: its own set-up sentence is the question's, not an answer.
  const asking = question.sentence.position;
  const before = [...classSentences(request.entries.slice(start, windowStart), start), ...window.filter((s) => s.position < asking)];
  const line = askedLine(question.sentence.entry.text);
  // A question that names little ("And why is that?") takes its subject from the sentence before.
  const asked = question.lead === undefined || question.lead.position === asking ? line : { ...line, context: [question.lead.text, ...line.context] };
  const passage = answerPassage(asked, before, questionTermWeight([...asked.context, ...asked.questions].join(' '), c.models));
  if (passage === undefined) return undefined;
  const computed = computedAnswer(asked, before);
  if (computed !== undefined) {
    const sum = book.rescue.computed(sayNumber(computed.value), sayNumber(computed.left), computed.formula.operator, sayNumber(computed.right));
    // A second question of the line ("…and is that elastic?") is answered by the rule the number
    // meets ("If the elasticity is greater than one…"); else the formula backs the number.
    const further = asked.questions.slice(1).find((q) => tokenize(q).length > 0);
    const next = (further === undefined ? undefined : ruleMetBy(computed.value, further, before)) ?? computed.sentence;
    return { say: book.sentences([book.rescue.iThink(sum), escapeInline(next.text.trim())]), used: [computed.sentence, next], related: () => undefined };
  }
  const judged = judgedPassage(passage.sentences, line.questions[0] ?? '');
  const [first, ...rest] = judged.sentences;
  if (first === undefined) return undefined;
  const opening = asContinuation(escapeInline(first.text), language);
  // A sentence that is only a spoken opener ("Right.") leaves nothing to say.
  if (!/[\p{L}\p{N}]/u.test(opening)) return undefined;
  const said = [book.rescue.iThink(judged.verdict === null ? opening : book.rescue.verdict(judged.verdict, opening)), ...rest.map((s) => escapeInline(s.text.trim()))];
  return { say: book.sentences(said), used: passage.sentences, related: () => undefined };
}

/**
 * A yes/no question (能不能倒过来？) is answered yes or no first: the passage's sentence that
 * says the predicate, with or without a negation, opens the answer with the verdict.
 */
function judgedPassage(sentences: readonly ClassSentence[], question: string): { sentences: ClassSentence[]; verdict: string | null } {
  const asked = yesNoQuestion(question);
  const judging = asked === null ? undefined : sentences.find((s) => verdictIn(s.text, asked) !== null);
  if (asked === null || judging === undefined) return { sentences: [...sentences], verdict: null };
  return { sentences: [judging, ...sentences.filter((s) => s !== judging)], verdict: verdictIn(judging.text, asked) };
}

function relatedOrRephrase(c: Composition, related: string | undefined): string {
  return related !== undefined ? c.book.rescue.askAbout(bold(related)) : c.book.rescue.askRephrase;
}

/** The explanation in the student's voice: "I think …. For example, …". */
function spoken(c: Composition, explanation: Explanation): string | undefined {
  const { book, language } = c;
  const [first, second] = explanation.sentences;
  if (first === undefined) return undefined;
  const restated = (text: string): string => asContinuation(escapeInline(text), language);
  if (explanation.intent === 'why') {
    const reason = REASON_OPENING.exec(first.text);
    if (reason !== null) return book.rescue.because(restated(first.text.slice(reason[0].length)));
    if (!REASON_CUES_ANYWHERE.test(first.text)) return book.rescue.notSureWhy(restated(first.text));
  }
  const parts = [book.rescue.iThink(restated(first.text))];
  if (second !== undefined) {
    parts.push(isExample(second.text) ? book.rescue.forExample(restated(language === 'zh' ? second.text : withoutExampleCue(second.text))) : restated(second.text));
  }
  return book.sentences(parts);
}

function chronological(sentences: readonly ClassSentence[]): ClassSentence[] {
  return [...new Set(sentences)].sort((a, b) => a.position - b.position);
}

function quotes(c: Composition, sentences: readonly ClassSentence[]): string {
  return sentences.map((s) => quoteItem(c.clock(s.entry), s.text)).join('\n');
}

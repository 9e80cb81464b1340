// "Follow-up": answer the student's question from the class itself — transcript, material and
// the earlier answer — and say plainly when the class does not contain the answer.
import { Bm25Index } from '../text/bm25.js';
import { isQuestion } from '../text/questions.js';
import { splitSentences } from '../text/sentences.js';
import { tokenize } from '../text/tokens.js';
import { askedLine } from '../text/asked-part.js';
import type { AskedLine } from '../text/asked-part.js';
import { askedFor } from '../text/question-intent.js';
import { timeExpressions } from '../text/announcements.js';
import { questionIntent, refersBack } from '../text/question-intent.js';
import { rankMaterial } from '../context/material.js';
import { followupQueryTerms, rankEntries } from '../context/retrieval.js';
import type { RankedEntry } from '../context/retrieval.js';
import { classSentenceList, classSentences } from './class-sentences.js';
import type { Composition } from './composition.js';
import { answerPassage, CONTINUATION_OPENING } from './answer-passage.js';
import type { ClassSentence } from './class-sentences.js';
import { comparedParts } from './compared-parts.js';
import { questionTermWeight } from './question-terms.js';
import { explanationOf, questionSubject } from './explanation.js';
import { escapeInline, heading, paragraphs, quoteItem } from './markdown.js';
import { bestPassage, materialQuote } from './material-grounding.js';

/**
 * A passage answers the question when it holds at least this share of the question's
 * information (idf-weighted terms). Below it, a passage merely shares a word or two.
 */
const ANSWER_COVERAGE_MIN = 0.5;
const TRANSCRIPT_HITS_MAX = 3;
/** Further transcript hits must score this share of the best one: no padding with weak matches. */
const RELATIVE_SCORE_MIN = 0.6;
const MATERIAL_HITS_MAX = 2;
const EARLIER_ANSWER_SENTENCES_MAX = 2;
/** A hit that is itself a question is shown with the entries that answered it. */
const ANSWER_ENTRIES_AFTER_QUESTION = 2;
const CLOSEST_MENTIONS_MAX = 2;
/** The steps of a procedure quoted after the one that answers: the class's next entries that go on step by step. */
const PROCEDURE_STEPS_MAX = 4;
const STEP_OPENING = /^(?:(?:and|so|now|ok|okay)[,\s]+)?(?:if|then|next|otherwise|else|finally|after that|once|first|second|third|step \w+)\b|^(?:先|然后|再|接着|最后|如果|否则|第[一二三四五六]步)/i;
/**
 * How far back the class is read sentence by sentence for the sentences that answer the
 * question (the whole class is searched by entry besides): a follow-up asks about the lesson.
 */
const PASSAGE_ENTRIES_MAX = 600;

interface EarlierAnswerHit {
  text: string;
  coverage: number;
}

export function composeFollowup(c: Composition): string {
  const { book, request } = c;
  const question = request.question?.trim() ?? '';
  if (question.length === 0) return paragraphs([heading(book.followup.notCovered), book.followup.noQuestion]);
  const answering = answeringPositions(c, question);
  const explained = explainedAnswer(c, question, answering.positions);
  if (explained !== undefined) return explained;
  const terms = followupQueryTerms(question, request.history, request.previousAnswer);
  const transcriptHits = rankEntries(request.entries, terms, TRANSCRIPT_HITS_MAX);
  const materialHits = request.material ? rankMaterial(request.material, terms, MATERIAL_HITS_MAX) : [];
  const earlierHits = rankEarlierAnswer(request.previousAnswer ?? '', terms);
  const bestTranscriptScore = transcriptHits[0]?.score ?? 0;
  const answers = {
    transcript: transcriptHits.filter(
      (hit) => hit.coverage >= ANSWER_COVERAGE_MIN && hit.score >= RELATIVE_SCORE_MIN * bestTranscriptScore,
    ),
    material: materialHits.filter((hit) => hit.coverage >= ANSWER_COVERAGE_MIN),
    earlier: earlierHits.filter((hit) => hit.coverage >= ANSWER_COVERAGE_MIN),
  };
  const silent = request.entries.length === 0 ? [book.followup.classSilent] : [];

  if (answers.transcript.length + answers.material.length + answers.earlier.length === 0 && !answering.covered) {
    const closest = transcriptHits.slice(0, CLOSEST_MENTIONS_MAX);
    return paragraphs([
      heading(book.followup.notCovered),
      [...silent, book.followup.notCoveredText(Boolean(request.material))].join(' '),
      closest.length > 0 ? `${book.followup.closest}\n${transcriptQuotes(c, closest, [])}` : '',
    ]);
  }
  return paragraphs([
    heading(book.followup.answer),
    ...silent,
    answers.transcript.length > 0 || answering.covered ? `${book.followup.intro}\n${transcriptQuotes(c, answers.transcript, answering.positions)}` : '',
    ...answers.material.flatMap((hit) =>
      request.material ? [`${book.followup.fromMaterial(escapeInline(request.material.filename))}\n${materialQuote(request.material, hit, terms)}`] : [],
    ),
    answers.earlier.length > 0
      ? `${book.followup.fromEarlierAnswer}\n${answers.earlier.map((hit) => `> ${escapeInline(hit.text)}`).join('\n>\n')}`
      : '',
  ]);
}

/** Hits in class order; a hit that is a question brings the entries that answered it. */
function transcriptQuotes(c: Composition, hits: readonly RankedEntry[], answering: readonly number[]): string {
  const positions = new Set<number>(answering);
  for (const hit of hits) {
    positions.add(hit.position);
    if (!isQuestion(hit.entry.text)) continue;
    for (let next = 1; next <= ANSWER_ENTRIES_AFTER_QUESTION; next++) {
      if (hit.position + next < c.request.entries.length) positions.add(hit.position + next);
    }
  }
  return [...positions]
    .sort((a, b) => a - b)
    .flatMap((position) => {
      const entry = c.request.entries[position];
      return entry === undefined ? [] : [quoteItem(c.clock(entry), entry.text)];
    })
    .join('\n');
}

function rankEarlierAnswer(previousAnswer: string, terms: readonly string[]): EarlierAnswerHit[] {
  const sentences = splitSentences(previousAnswer.replace(/^#+\s.*$/gm, ''));
  const index = new Bm25Index(sentences.map((sentence) => tokenize(sentence)));
  return index
    .search(terms, EARLIER_ANSWER_SENTENCES_MAX)
    .sort((a, b) => a.index - b.index)
    .map(({ index: at, coverage }) => ({ text: sentences[at] ?? '', coverage }));
}

/** Quoted mentions shown when the class named the subject without explaining it. */
const MENTIONS_SHOWN_MAX = 3;
/** The subject line of an earlier follow-up answer: "About **X**:" / "关于**X**：". */
const ABOUT_LINE = /^(?:About|关于) \*\*(.+?)\*\*[:：]/m;
const ABOUT_LINE_ZH = /^关于\*\*(.+?)\*\*：/m;

/**
 * "Explain / what is / why / how / an example" about a term, answered from the sentences that
 * define or justify it, the example that follows and the material's slide, with their times.
 * A follow-up whose question only points back ("Why is that?") is about the earlier answer's
 * subject. Undefined when the question names no subject: the general search answers it.
 */
function explainedAnswer(c: Composition, question: string, answering: readonly number[]): string | undefined {
  const { book, request, models } = c;
  const intent = questionIntent(question);
  // The whole class, each sentence made only if read: the subject's mentions are found in the class's word index.
  const sentences = classSentenceList(request.entries);
  let subject = questionSubject(question, sentences, models);
  const earlier = (): { term: string; mentioned: boolean } | null => {
    const fromQuestion = request.previousQuestion === undefined ? null : questionSubject(request.previousQuestion, sentences, models);
    if (fromQuestion?.mentioned === true) return fromQuestion;
    const named = ABOUT_LINE.exec(request.previousAnswer ?? '')?.[1] ?? ABOUT_LINE_ZH.exec(request.previousAnswer ?? '')?.[1];
    return named === undefined ? fromQuestion : { term: named.replace(/\\(.)/g, '$1'), mentioned: true };
  };
  const followsUp = request.previousAnswer !== undefined || request.previousQuestion !== undefined;
  if (followsUp && (subject === null || (!subject.mentioned && refersBack(question)))) subject = earlier() ?? subject;
  if (subject === null || intent === 'other') return undefined;
  const material = request.material ?? null;
  const slide = material === null ? undefined : bestPassage(material, tokenize(subject.term), ANSWER_COVERAGE_MIN);
  if (!subject.mentioned && slide === undefined) {
    const silent = request.entries.length === 0 ? [book.followup.classSilent] : [];
    return paragraphs([heading(book.followup.notCovered), [...silent, book.followup.notCoveredText(material !== null)].join(' ')]);
  }
  const explanation = explanationOf(subject.term, question, sentences);
  const quoted = explanation.sentences.length > 0 ? explanation.sentences : explanation.mentions.slice(0, MENTIONS_SHOWN_MAX);
  // Whole entries are quoted: what was said at that moment, with the sentence around the match.
  const positions = new Set([...quoted.map((s) => s.position), ...answering]);
  let lines = [...positions].flatMap((position) => {
    const entry = request.entries[position];
    return entry === undefined ? [] : [{ position, line: quoteItem(c.clock(entry), entry.text) }];
  });
  if ((intent === 'why' || intent === 'how') && !explanation.reasoned) {
    // The class never asked this itself nor said "because": the passages that share most of
    // the question's words stand beside the definition.
    const hits = rankEntries(request.entries, tokenize(question), TRANSCRIPT_HITS_MAX).filter((hit) => hit.coverage >= ANSWER_COVERAGE_MIN && !isQuestion(hit.entry.text));
    for (const hit of hits) {
      if (!lines.some((l) => l.position === hit.position)) lines.push({ position: hit.position, line: quoteItem(c.clock(hit.entry), hit.entry.text) });
    }
    lines = lines.sort((a, b) => a.position - b.position);
  }
  lines = lines.sort((a, b) => a.position - b.position);
  const explained = explanation.sentences.length > 0 || lines.length > quoted.length;
  const fromClass = lines.length === 0 ? '' : `${explained ? book.followup.intro : book.followup.mentioned}\n${lines.map((l) => l.line).join('\n')}`;
  return paragraphs([
    heading(book.followup.answer),
    book.followup.about(escapeInline(subject.term)),
    fromClass,
    material !== null && slide !== undefined ? `${book.followup.fromMaterial(escapeInline(material.filename))}\n${materialQuote(material, slide, tokenize(subject.term))}` : '',
  ]);
}

/**
 * The entries that answer the question, found as a rescue finds its answer (answer-passage.ts):
 * the sentences whose words and role fit what is asked — for a comparison, what was said about
 * each side — each with the entry that carries it on ("It would normally be due Friday, but…").
 */
interface Answering {
  /** Entries to quote, in class order. */
  positions: number[];
  /** Whether they hold most of what the question asks about: then the class did cover it. */
  covered: boolean;
}

function answeringPositions(c: Composition, question: string): Answering {
  const { entries } = c.request;
  const start = Math.max(0, entries.length - PASSAGE_ENTRIES_MAX);
  const sentences = classSentences(entries.slice(start), start);
  const sides = comparedParts(question);
  // Each side on its own: the other side's words would pull its answer over.
  const lines: AskedLine[] = sides.length === 2 ? sides.map((side) => ({ questions: [c.book.followup.whatIs(side)], context: [] })) : [askedLine(question)];
  const passages = lines.flatMap((line) => answerPassage(line, sentences, questionTermWeight([...line.context, ...line.questions].join(' '), c.models)) ?? []);
  // A written answer has room for the runner-up too: the class may have said it twice, better the second time.
  const found: ClassSentence[] = passages.flatMap((passage) => [...passage.sentences, ...(sides.length === 2 ? [] : passage.runnersUp.slice(0, 1))]);
  const asked = askedFor(question);
  const positions = new Set<number>();
  for (const sentence of found) {
    positions.add(sentence.position);
    const next = entries[sentence.position + 1];
    if (next === undefined) continue;
    const carriesOn = CONTINUATION_OPENING.test(next.text.trim()) || (asked === 'time' && timeExpressions(next.text).length > 0);
    if (carriesOn) positions.add(sentence.position + 1);
    // A way of doing something is said step by step ("If it's smaller… If it's bigger…", 先…然后…).
    if (asked === 'procedure') {
      for (let step = sentence.position + 1; step <= sentence.position + PROCEDURE_STEPS_MAX && STEP_OPENING.test(entries[step]?.text.trim() ?? ''); step++) positions.add(step);
    }
  }
  const covered = passages.length > 0 && passages.every((passage) => passage.coverage >= ANSWER_COVERAGE_MIN);
  return { positions: [...positions].sort((a, b) => a - b), covered };
}

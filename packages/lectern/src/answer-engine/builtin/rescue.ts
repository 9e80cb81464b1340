// "Rescue": the teacher may call on the student now. What to say, what was asked, and the
// quotes from the last minutes that back it up.
import { Bm25Index, SENTENCE_LENGTH_NORMALISATION_B } from '../text/bm25.js';
import { isQuestion } from '../text/questions.js';
import { announcedTopic } from '../text/topics.js';
import { recentEntries, windowMinutesFor } from '../context/window.js';
import { centralSentences } from './centrality.js';
import { classSentences } from './class-sentences.js';
import type { ClassSentence } from './class-sentences.js';
import { keywordsAbout, keywordsOf } from './key-phrases.js';
import { asContinuation, boldList } from './phrasing.js';
import type { Composition } from './composition.js';
import { escapeInline, heading, paragraphs, quoteItem } from './markdown.js';
import { materialQuote, passageForLatestSpeech } from './material-grounding.js';
import { latestTeacherQuestion } from './teacher-question.js';

/** Supporting quotes shown under the question. */
const SUPPORTING_QUOTES_MAX = 3;
/** Key phrases named in the sentences to say: enough to sound informed, few enough to say. */
const SPOKEN_KEYWORDS_MAX = 2;
const WINDOW_KEYWORDS_MAX = 8;
/** A sentence worth repeating to the teacher says something: a few content terms at least. */
const MIN_RESTATED_TERMS = 3;

export function composeRescue(c: Composition): string {
  const { book, request } = c;
  const minutes = windowMinutesFor('rescue', request.recentMinutes);
  const window = recentEntries(request.entries, minutes);
  if (window.length === 0) {
    return paragraphs([heading(book.rescue.say), `> ${book.rescue.sayNothingYet}`, book.emptyClass]);
  }
  const sentences = classSentences(window, request.entries.length - window.length);
  const keywords = keywordsOf(window, WINDOW_KEYWORDS_MAX);
  const question = latestTeacherQuestion(sentences);
  // The slide the teacher's question is about, else the one about what was said last.
  const fromMaterial = materialSection(
    c,
    question !== undefined ? [[...question.sentence.terms, ...(question.lead?.terms ?? [])]] : [...sentences].reverse().map((s) => s.terms),
  );

  if (question === undefined) {
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
  const statements = sentences.filter((s) => !isQuestion(s.text));
  const index = new Bm25Index(statements.map((s) => s.terms), SENTENCE_LENGTH_NORMALISATION_B);
  const support = index
    .search(queryTerms, SUPPORTING_QUOTES_MAX)
    .flatMap(({ index: at }) => statements[at] ?? []);
  const best = support.find((s) => s.terms.length >= MIN_RESTATED_TERMS && announcedTopic(s.text) === null);
  const spoken = boldList(book, keywordsAbout(keywords, [...queryTerms, ...(best?.terms ?? [])], SPOKEN_KEYWORDS_MAX));
  const say = book.sentences(
    best !== undefined
      ? [
          spoken.length > 0 ? book.rescue.thinkAbout(spoken) : '',
          book.rescue.youMentioned(asContinuation(escapeInline(best.text), c.language)),
          book.rescue.checkUnderstanding,
        ]
      : spoken.length > 0
        ? [book.rescue.unsureAbout(spoken), book.rescue.askTopic(spoken)]
        : [book.rescue.askRephrase],
  );
  const asked = book.sentences([question.lead, question.sentence].flatMap((s) => (s === undefined ? [] : [s.text])));
  const shown = support.length > 0 ? support : centralSentences(statements, SUPPORTING_QUOTES_MAX);
  return paragraphs([
    heading(book.rescue.say),
    `> ${say}`,
    heading(book.rescue.question),
    quoteItem(c.clock(question.sentence.entry), asked),
    heading(book.rescue.quotes(minutes)),
    quotes(c, chronological(shown)),
    ...fromMaterial,
  ]);
}

/** A heading and the quote of the material's passage for the newest matching terms, or nothing. */
function materialSection(c: Composition, newestFirst: readonly (readonly string[])[]): string[] {
  const material = c.request.material;
  const found = material ? passageForLatestSpeech(material, newestFirst) : undefined;
  if (!material || found === undefined) return [];
  return [heading(c.book.fromMaterial(escapeInline(material.filename), material.pageLabel)), materialQuote(material, found.hit, found.terms)];
}

function chronological(sentences: readonly ClassSentence[]): ClassSentence[] {
  return [...new Set(sentences)].sort((a, b) => a.position - b.position);
}

function quotes(c: Composition, sentences: readonly ClassSentence[]): string {
  return sentences.map((s) => quoteItem(c.clock(s.entry), s.text)).join('\n');
}

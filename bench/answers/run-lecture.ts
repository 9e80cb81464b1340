// One lecture of the answer set through Lectern: its lines posted as entries in one session, a
// rescue at every class question and each follow-up at its point, in the order of the lines,
// then the stop and the notes; every answer scored as bench/answers/README.md says.
import { firstTokenSample } from './assistant-driver.js';
import type { AssistantDriver, FirstTokenSample } from './assistant-driver.js';
import type { Groups, Lecture, Part, PartLecture } from './lecture.js';
import { listedConcepts, listItems, notesPart } from './notes.js';
import { conceptVerdict, missingGroups, namesTerm, normalise, openQuestionDetected, plainText, PRECISE_VERDICTS, rescueOpening } from './score.js';
import type { ConceptVerdict } from './score.js';

export interface Tally {
  hits: number;
  total: number;
}

/** What a verbose run prints for a miss: what was asked or expected, and what the engine said. */
export interface Miss {
  measure: Measure;
  what: string;
  said: string;
}

export const MEASURES = ['rescue', 'followup', 'termsNamed', 'termsListed', 'precision', 'homework', 'homeworkInPart', 'openQuestion'] as const;
export type Measure = (typeof MEASURES)[number];

export interface LectureResult {
  part: Part;
  id: string;
  tallies: Record<Measure, Tally>;
  /** Rescues and follow-ups, in the order asked. */
  firstTokens: FirstTokenSample[];
  misses: Miss[];
  /** Each concept the notes list, with why it counts as precise or not. */
  concepts: { name: string; verdict: ConceptVerdict }[];
}

interface AskPoint {
  line: number;
  ask: (sessionId: string) => Promise<void>;
}

const show = (groups: Groups): string => groups.map((group) => group.join('|')).join(' + ');
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);
/** How much of an answer a verbose miss shows. */
const SHOWN_CHARS = 700;

export function emptyTallies(): Record<Measure, Tally> {
  return Object.fromEntries(MEASURES.map((measure) => [measure, { hits: 0, total: 0 }])) as Record<Measure, Tally>;
}

function count(tally: Tally, hit: boolean): void {
  tally.total++;
  if (hit) tally.hits++;
}

export async function runLecture(driver: AssistantDriver, { part, lecture }: PartLecture): Promise<LectureResult> {
  const result: LectureResult = { part, id: lecture.id, tallies: emptyTallies(), firstTokens: [], misses: [], concepts: [] };
  const miss = (measure: Measure, what: string, said: string): void => {
    result.misses.push({ measure, what, said });
  };
  // The course as a student names it: the subject. The title would hand the engine the topic.
  const sessionId = await driver.createSession(lecture.subject);
  const points: AskPoint[] = [
    ...lecture.class_questions.map((question) => ({
      line: question.line,
      ask: async (session: string) => {
        const answer = await driver.ask(session, { kind: 'rescue' });
        result.firstTokens.push(firstTokenSample('rescue', answer));
        const opening = rescueOpening(answer.markdown, lecture.lines[question.line] ?? '');
        const missing = missingGroups(opening, question.answer_must_contain);
        count(result.tallies.rescue, missing.length === 0);
        if (missing.length > 0) miss('rescue', `line ${question.line} "${question.question}" needs ${show(missing)}`, `opening: "${opening}"\n  answer: ${clip(answer.markdown, SHOWN_CHARS)}`);
      },
    })),
    ...lecture.follow_ups.map((followUp) => ({
      line: followUp.after_line,
      ask: async (session: string) => {
        const answer = await driver.ask(session, { kind: 'followup', question: followUp.question });
        result.firstTokens.push(firstTokenSample('followup', answer));
        const missing = missingGroups(plainText(answer.markdown), followUp.answer_must_contain);
        count(result.tallies.followup, missing.length === 0);
        if (missing.length > 0) miss('followup', `after line ${followUp.after_line} (${followUp.kind}) "${followUp.question}" needs ${show(missing)}`, clip(answer.markdown, SHOWN_CHARS));
      },
    })),
  ].sort((a, b) => a.line - b.line);

  let posted = 0;
  const postThrough = async (line: number): Promise<void> => {
    for (; posted <= line; posted++) await driver.postEntry(sessionId, lecture.lines[posted]!, `${lecture.id}-${posted}`);
  };
  for (const point of points) {
    await postThrough(point.line);
    await point.ask(sessionId);
  }
  await postThrough(lecture.lines.length - 1);
  scoreNotes(lecture, await driver.stopForNotes(sessionId), result, miss);
  return result;
}

function scoreNotes(lecture: Lecture, notes: string, result: LectureResult, miss: (measure: Measure, what: string, said: string) => void): void {
  const { tallies } = result;
  const notesText = plainText(notes);
  const conceptsPart = notesPart(notes, 'concepts', lecture.language);
  const listed = listedConcepts(conceptsPart);
  for (const term of lecture.terms) {
    const named = term.some((alternative) => notesText.includes(normalise(alternative)));
    count(tallies.termsNamed, named);
    if (!named) miss('termsNamed', `term ${term.join('|')} is not named anywhere in the notes`, '');
    const inList = listed.some((concept) => namesTerm(concept, term));
    count(tallies.termsListed, inList);
    if (!inList) miss('termsListed', `term ${term.join('|')} is not in the concept list`, `listed: ${listed.join(', ')}`);
  }
  for (const name of listed) {
    const verdict = conceptVerdict(name, lecture.terms, lecture.lines);
    result.concepts.push({ name, verdict });
    count(tallies.precision, PRECISE_VERDICTS.has(verdict));
    if (!PRECISE_VERDICTS.has(verdict)) miss('precision', `listed concept "${name}" is ${verdict}`, '');
  }
  const assignmentsText = plainText(notesPart(notes, 'assignments', lecture.language));
  for (const fact of lecture.homework) {
    const missing = missingGroups(notesText, fact.must_contain);
    count(tallies.homework, missing.length === 0);
    count(tallies.homeworkInPart, missingGroups(assignmentsText, fact.must_contain).length === 0);
    if (missing.length > 0) miss('homework', `"${fact.what}" needs ${show(missing)}`, `homework part: ${clip(assignmentsText, SHOWN_CHARS)}`);
  }
  if (lecture.open_question !== null) {
    const questions = listItems(notesPart(notes, 'questions', lecture.language));
    const detected = openQuestionDetected(questions, lecture.lines[lecture.open_question.line] ?? '', lecture.open_question.question);
    count(tallies.openQuestion, detected);
    if (!detected) miss('openQuestion', `"${lecture.open_question.question}" (line ${lecture.open_question.line}) is not among the open questions`, questions.join('\n  ') || '(none listed)');
  }
}

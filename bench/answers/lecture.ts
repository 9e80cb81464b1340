// The lectures of the answer set (bench/answers/README.md, "File format"), read from their JSON
// files. Only the shape the bench relies on is checked: a malformed file fails loudly at start
// rather than scoring as a run of misses.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lists of groups of alternatives: every group needs one of its alternatives. */
export type Groups = readonly (readonly string[])[];

export type Part = 'dev' | 'held-out';
export const PARTS: readonly Part[] = ['dev', 'held-out'];

export interface ClassQuestion {
  line: number;
  question: string;
  answer_must_contain: Groups;
}

export interface FollowUp {
  after_line: number;
  question: string;
  kind: string;
  answer_must_contain: Groups;
}

export interface HomeworkFact {
  what: string;
  must_contain: Groups;
}

export interface Lecture {
  id: string;
  language: 'en' | 'zh';
  subject: string;
  title: string;
  lines: readonly string[];
  class_questions: readonly ClassQuestion[];
  follow_ups: readonly FollowUp[];
  /** Each term is a group of alternatives. */
  terms: Groups;
  homework: readonly HomeworkFact[];
  open_question: { line: number; question: string } | null;
}

export interface PartLecture {
  part: Part;
  lecture: Lecture;
}

const lecturesDir = fileURLToPath(new URL('./lectures/', import.meta.url));

function isGroups(value: unknown): value is Groups {
  return Array.isArray(value) && value.every((group) => Array.isArray(group) && group.length > 0 && group.every((alt) => typeof alt === 'string' && alt.length > 0));
}

function check(condition: boolean, file: string, what: string): void {
  if (!condition) throw new Error(`${file}: ${what}`);
}

function parseLecture(file: string): Lecture {
  const lecture = JSON.parse(readFileSync(file, 'utf8')) as Lecture;
  const inRange = (line: number): boolean => Number.isInteger(line) && line >= 0 && line < lecture.lines.length;
  check(typeof lecture.id === 'string' && (lecture.language === 'en' || lecture.language === 'zh'), file, 'id and language');
  check(Array.isArray(lecture.lines) && lecture.lines.every((line) => typeof line === 'string' && line.length > 0), file, 'lines');
  check(lecture.class_questions.every((q) => inRange(q.line) && isGroups(q.answer_must_contain)), file, 'class_questions');
  check(lecture.follow_ups.every((f) => inRange(f.after_line) && f.question.trim().length > 0 && isGroups(f.answer_must_contain)), file, 'follow_ups');
  check(isGroups(lecture.terms), file, 'terms');
  check(lecture.homework.every((h) => isGroups(h.must_contain)), file, 'homework');
  check(lecture.open_question === null || inRange(lecture.open_question.line), file, 'open_question');
  return lecture;
}

/** Every lecture of the parts asked for, in file-name order within each part. */
export function loadLectures(parts: readonly Part[]): PartLecture[] {
  return parts.flatMap((part) =>
    readdirSync(join(lecturesDir, part))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({ part, lecture: parseLecture(join(lecturesDir, part, name)) })),
  );
}

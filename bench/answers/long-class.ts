// The first-token time on a two-hour class: a development lecture's lines repeated to about
// 14,400 entries (one every half second for two hours), the numbers in each repetition shifted so
// no two repetitions read the same, and the lecture's rescues and follow-ups asked during the last
// repetition, when the class is two hours long.
import { firstTokenSample } from './assistant-driver.js';
import type { AssistantDriver, FirstTokenSample } from './assistant-driver.js';
import type { Lecture } from './lecture.js';

export const LONG_CLASS_ENTRIES = 14_400;
/** Entries before the last repetition go in this many at a time, as a busy class's recogniser would post them. */
const POST_CONCURRENCY = 4;

export interface LongClassResult {
  lectureId: string;
  pauseMinutes: number;
  entries: number;
  /** Posting the class and asking, wall time. */
  seconds: number;
  firstTokens: FirstTokenSample[];
}

/** The lecture's line for entry `index`: repetition k adds k to every number, "1789" → "1790". */
export function longClassLine(lecture: Lecture, index: number): string {
  const repetition = Math.floor(index / lecture.lines.length);
  const line = lecture.lines[index % lecture.lines.length]!;
  return repetition === 0 ? line : line.replace(/\d+/g, (digits) => String(Number(digits) + repetition));
}

/**
 * `pauseMinutes` > 0 waits that long before the last repetition. Entries go in faster than a
 * class speaks, so without a pause every entry is inside each task's time window (cut at its
 * 200,000-character cap); after a pause longer than the window (rescue 3 minutes, follow-up 10)
 * the window holds only the last repetition, closer to what a real class puts in it.
 */
export async function runLongClass(driver: AssistantDriver, lecture: Lecture, pauseMinutes = 0): Promise<LongClassResult> {
  const repetitions = Math.max(1, Math.round(LONG_CLASS_ENTRIES / lecture.lines.length));
  const entries = repetitions * lecture.lines.length;
  const lastStart = entries - lecture.lines.length;
  const sessionId = await driver.createSession(`${lecture.subject} (two-hour class)`);
  const post = (index: number): Promise<void> => driver.postEntry(sessionId, longClassLine(lecture, index), `long-${index}`);
  const startedAt = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: POST_CONCURRENCY }, async () => {
      while (next < lastStart) await post(next++);
    }),
  );
  if (pauseMinutes > 0) await new Promise((resolve) => setTimeout(resolve, pauseMinutes * 60_000));
  const points = [
    ...lecture.class_questions.map((q) => ({ line: q.line, request: { kind: 'rescue' as const } })),
    ...lecture.follow_ups.map((f) => ({ line: f.after_line, request: { kind: 'followup' as const, question: f.question } })),
  ].sort((a, b) => a.line - b.line);
  const firstTokens: FirstTokenSample[] = [];
  let posted = lastStart;
  for (const point of points) {
    for (; posted <= lastStart + point.line; posted++) await post(posted);
    const answer = await driver.ask(sessionId, point.request);
    firstTokens.push(firstTokenSample(point.request.kind, answer));
  }
  for (; posted < entries; posted++) await post(posted);
  return { lectureId: lecture.id, pauseMinutes, entries, seconds: (performance.now() - startedAt) / 1000, firstTokens };
}

// The 1.x `class_transcript.txt`: a header line with the class date, a course line, one
// `[HH:MM:SS] text` line per utterance (times roll over midnight), and optionally the
// rolling-summary block the 1.x app kept at the end.
//
//   === Class transcript 2025-03-14 ===          (any first line holding YYYY-MM-DD, YYYY/MM/DD or YYYY年M月D日)
//   Course: Calculus I                          (or 课程：…)
//   [23:59:58] So that is the chain rule.
//   [00:00:03] Any questions?                   (the next day)
//   === Rolling summary ===                     (or === 滚动摘要 ===)
//   …Markdown…
//   === End of rolling summary ===              (or === 滚动摘要结束 ===; else to the end of the file)

export interface TranscriptLineAt {
  text: string;
  /** UTC ISO-8601, from the header's date and the line's local time of day. */
  createdAt: string;
}

export interface LegacyTranscript {
  courseName: string | null;
  lines: TranscriptLineAt[];
  rollingSummary: string | null;
}

const DATE = /(\d{4})[-/年](\d{1,2})[-/月](\d{1,2})/;
const COURSE = /^\s*(?:course|课程)\s*[:：]\s*(.+?)\s*$/i;
const TIMED_LINE = /^\s*\[(\d{1,2}):(\d{2}):(\d{2})\]\s?(.*)$/;
const SUMMARY_START = /^\s*=+\s*(?:rolling summary|滚动摘要)\s*=+\s*$/i;
const SUMMARY_END = /^\s*=+\s*(?:end of rolling summary|滚动摘要结束)\s*=+\s*$/i;
const SECONDS_PER_DAY = 24 * 3600;

export function parseLegacyTranscript(text: string, fallbackDate: Date): LegacyTranscript {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  const headerDate = DATE.exec(rows.find((row) => row.trim().length > 0) ?? '');
  const [year, month, day] = headerDate
    ? [Number(headerDate[1]), Number(headerDate[2]), Number(headerDate[3])]
    : [fallbackDate.getFullYear(), fallbackDate.getMonth() + 1, fallbackDate.getDate()];

  let courseName: string | null = null;
  const lines: TranscriptLineAt[] = [];
  const summary: string[] = [];
  let inSummary = false;
  let sawSummary = false;
  let dayOffset = 0;
  let previousSecond = -1;
  for (const row of rows) {
    if (inSummary) {
      if (SUMMARY_END.test(row)) inSummary = false;
      else summary.push(row);
      continue;
    }
    if (SUMMARY_START.test(row)) {
      inSummary = sawSummary = true;
      continue;
    }
    const timed = TIMED_LINE.exec(row);
    if (timed === null) {
      const course = COURSE.exec(row);
      if (course !== null && lines.length === 0) courseName ??= course[1] ?? null;
      continue;
    }
    const [hours, minutes, seconds] = [Number(timed[1]), Number(timed[2]), Number(timed[3])];
    const second = hours * 3600 + minutes * 60 + seconds;
    if (second >= SECONDS_PER_DAY) continue;
    // A time earlier than the one before is past midnight: the class ran into the next day.
    if (second < previousSecond) dayOffset++;
    previousSecond = second;
    const utterance = (timed[4] ?? '').trim();
    if (utterance.length === 0) continue;
    // Local time, as the 1.x app wrote it on the teacher's machine.
    const at = new Date(year, month - 1, day + dayOffset, hours, minutes, seconds);
    lines.push({ text: utterance, createdAt: at.toISOString() });
  }
  const rollingSummary = summary.join('\n').trim();
  return { courseName, lines, rollingSummary: sawSummary && rollingSummary.length > 0 ? rollingSummary : null };
}

/** The class's day at local midnight, for a transcript with no timed line. */
export function classDay(text: string, fallbackDate: Date): string {
  const match = DATE.exec(text.split('\n', 1)[0] ?? '');
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : fallbackDate;
  return date.toISOString();
}

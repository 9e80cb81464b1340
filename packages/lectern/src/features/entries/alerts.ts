import type { Alert } from './schemas.js';

export interface AlertKeywords {
  danger: readonly string[];
  warning: readonly string[];
}

/**
 * Keywords a student wants flagged, in English and Chinese, used until settings say otherwise.
 * "danger": the teacher may turn to you right now. "warning": something you will be graded on.
 */
export const defaultAlertKeywords: AlertKeywords = {
  danger: ['roll call', 'attendance', 'call on', 'pop quiz', 'cold call', '点名', '签到', '提问', '抽查', '随堂测验'],
  warning: ['exam', 'midterm', 'final', 'quiz', 'homework', 'assignment', 'deadline', 'due', 'important', 'will be tested',
    '考试', '期中', '期末', '作业', '截止', '重点', '重要', '必考'],
};

/**
 * The alert for a new entry: case-insensitive substring match, danger before warning, at most
 * one alert per entry carrying every keyword of its level that matched.
 */
export function matchAlert(text: string, keywords: AlertKeywords): Alert | null {
  const haystack = text.toLowerCase();
  for (const level of ['danger', 'warning'] as const) {
    const hits = keywords[level].filter((keyword) => keyword.length > 0 && haystack.includes(keyword.toLowerCase()));
    if (hits.length > 0) return { level, keywords: hits };
  }
  return null;
}

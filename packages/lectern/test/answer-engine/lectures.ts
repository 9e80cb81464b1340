// Loads the recorded lecture fixtures (one entry per line: ISO time, tab, text) as transcript lines.
import { readFileSync } from 'node:fs';
import type { TranscriptLine } from '../../src/answer-engine/types.js';

const FIXTURES = new URL('../fixtures/lectures/', import.meta.url);

export const ENGLISH_LECTURE = 'intro-biology-respiration.tsv';
export const CHINESE_LECTURE = 'data-structures-bst.zh.tsv';

export function loadLecture(name: string, firstId = 1): TranscriptLine[] {
  return readFileSync(new URL(name, FIXTURES), 'utf8')
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line, i) => {
      const [createdAt = '', text = ''] = line.split('\t');
      return { id: firstId + i, createdAt, text };
    });
}

/** The lecture as it stood when the line containing `marker` had just been said. */
export function lectureUntil(lines: readonly TranscriptLine[], marker: string): TranscriptLine[] {
  const end = lines.findIndex((line) => line.text.includes(marker));
  if (end < 0) throw new Error(`no line contains ${marker}`);
  return lines.slice(0, end + 1);
}

// Reading the class notes as the API exports them (`GET /api/v2/summaries/{id}/export`): Markdown
// with one `## ` heading per part. The builtin engine's headings come from its phrasebook, the
// one place they are written; a part the notes lack reads as empty.
import { phrasebook } from '../../packages/lectern/src/answer-engine/builtin/phrases.js';

export type NotesPart = 'concepts' | 'assignments' | 'questions';

/** The text under the notes' heading for `part` in the lecture's language, up to the next heading. */
export function notesPart(markdown: string, part: NotesPart, language: 'en' | 'zh'): string {
  const heading = `## ${phrasebook(language).summary[part]}`;
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) return '';
  const end = lines.findIndex((line, index) => index > start && /^#{1,2}\s/.test(line));
  return lines.slice(start + 1, end < 0 ? lines.length : end).join('\n');
}

/** The list items of a part, each as written (Markdown). */
export function listItems(part: string): string[] {
  return part.split('\n').filter((line) => /^\s*[-*+]\s/.test(line));
}

/**
 * The concepts the notes list: the bold name that opens each item of the concepts part
 * (`- **enzyme** — Definition: …`), with its Markdown escapes undone.
 */
export function listedConcepts(conceptsPart: string): string[] {
  return listItems(conceptsPart).flatMap((item) => {
    const name = /^\s*[-*+]\s+\*\*((?:\\.|[^*\\])+)\*\*/.exec(item)?.[1];
    return name === undefined ? [] : [name.replace(/\\(.)/g, '$1')];
  });
}

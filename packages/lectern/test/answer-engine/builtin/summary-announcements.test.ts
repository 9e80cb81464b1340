// The notes' homework part: an announcement that says when or where in its next sentence is
// quoted with it ("Section is moved. It's on Thursday at 3, room B12.").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { builtinMarkdown, classLines } from '../../support/builtin-answer.js';
import { section } from '../evaluation/evaluate.js';

async function notes(texts: readonly string[]): Promise<string> {
  return builtinMarkdown({ kind: 'summary', courseName: 'Ethics', entries: classLines(texts, 60_000) });
}

describe('notes: announcements with their details', () => {
  it('quotes the sentence after an announcement when it says when and where', async () => {
    const markdown = await notes([
      'Good afternoon. Two things first.',
      'And section this week is moved. Because of the holiday on Monday it is on Thursday at 3, room B12.',
      'Now, utilitarianism. The right act is the one that produces the most happiness.',
      'Bentham counted pleasures; Mill said some pleasures are higher than others.',
    ]);
    const homework = section(markdown, 'Homework');
    assert.match(homework, /section this week is moved\. Because of the holiday on Monday it is on Thursday at 3, room B12\./);
    assert.match(homework, /Thursday/);
  });

  it('quotes the sentence after an announcement when it only says where', async () => {
    const markdown = await notes([
      'Good afternoon.',
      "Thursday's sections are moved to Friday, because the building is closed on Thursday. Same times, room 210.",
      'Now, utilitarianism. The right act is the one that produces the most happiness.',
    ]);
    const homework = section(markdown, 'Homework');
    assert.match(homework, /Same times, room 210\./);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classSentences } from '../../../src/answer-engine/builtin/class-sentences.js';
import { classEntryArrived, keptClass } from '../../../src/answer-engine/context/kept-classes.js';
import { Bm25Index, SENTENCE_LENGTH_NORMALISATION_B } from '../../../src/answer-engine/text/bm25.js';
import { splitSentences } from '../../../src/answer-engine/text/sentences.js';
import { entryTerms } from '../../../src/answer-engine/text/term-cache.js';
import { tokenize } from '../../../src/answer-engine/text/tokens.js';
import type { TranscriptLine } from '../../../src/answer-engine/types.js';

const lines = [
  'Today we look at how glaciers carve valleys.',
  'A glacier is a river of ice that moves under its own weight. It is slow. Very slow!',
  'The ice plucks rocks from the valley floor and drags them along.',
  'That grinding is called abrasion, and it polishes the bedrock.',
  'U-shaped valleys are the signature of glacial erosion.',
  'Rivers, by contrast, cut V-shaped valleys.',
  'For Monday, read the chapter on moraines.',
  'A moraine is the heap of rock a glacier leaves behind.',
];

function entriesOf(texts: readonly string[], firstId = 1): TranscriptLine[] {
  return texts.map((text, i) => ({ id: firstId + i, text, createdAt: new Date(Date.UTC(2026, 10, 27, 10, 0, i)).toISOString() }));
}

/** What a fresh index over the same entries ranks: the kept analysis must agree with it exactly. */
function freshSearch(entries: readonly TranscriptLine[], query: string[]) {
  return new Bm25Index(entries.map((entry) => entryTerms(entry)), SENTENCE_LENGTH_NORMALISATION_B).search(query, 5);
}

/** Copies, as a request reads them from the database: equal entries, not the same objects. */
const reread = (entries: readonly TranscriptLine[]): TranscriptLine[] => entries.map((entry) => ({ ...entry }));

describe('keptClass', () => {
  it('grows with the class and ranks as an index built from all its entries at once', () => {
    const all = entriesOf(lines, 9_001);
    const early = all.slice(0, 4);
    const first = keptClass(early);
    assert.deepEqual(first.search(early, ['glacier', 'valley'], 5), freshSearch(early, ['glacier', 'valley']));
    const later = keptClass(reread(all));
    assert.equal(later, first, 'the same analysis, extended');
    assert.equal(later.size, all.length);
    assert.deepEqual(later.search(all, ['moraine', 'glacier'], 5), freshSearch(all, ['moraine', 'glacier']));
  });

  it('gives another class with the same ids an analysis of its own', () => {
    const ours = entriesOf(lines, 1);
    const theirs = entriesOf(['Supply and demand set the price.', 'A moraine is not on this syllabus.', 'Elasticity measures how demand responds.'], 1);
    const ourClass = keptClass(ours);
    const theirClass = keptClass(theirs);
    assert.notEqual(theirClass, ourClass);
    assert.equal(theirClass.size, 3);
    assert.deepEqual(theirClass.search(theirs, ['demand'], 5).map((hit) => hit.index), freshSearch(theirs, ['demand']).map((hit) => hit.index));
  });

  it('answers a task cut earlier than the analysed class from its own entries only', () => {
    const all = entriesOf(lines, 5_001);
    keptClass(all).search(all, ['glacier'], 5);
    const cut = reread(all.slice(0, 3));
    const analysis = keptClass(cut);
    assert.deepEqual(analysis.search(cut, ['moraine'], 5), []);
    // Scores, idf and coverage as if the later entries were not there.
    assert.deepEqual(analysis.search(cut, ['glacier', 'ice', 'rock'], 5), freshSearch(cut, ['glacier', 'ice', 'rock']));
  });

  it('takes in entries as they arrive, and a request of that class finds them analysed', () => {
    const all = entriesOf(lines, 7_001);
    for (const entry of all) classEntryArrived('session-a', entry);
    const request = reread(all.slice(0, 6));
    const analysis = keptClass(request, 'session-a');
    assert.equal(analysis.size, all.length, 'the arrived entries, one more than the request reads');
    assert.deepEqual(analysis.search(request, ['valley', 'glacier'], 5), freshSearch(request, ['valley', 'glacier']));
  });
});

describe('classSentences of the request being answered', () => {
  it('gives the same sentences and terms as analysing the entries afresh', () => {
    const all = entriesOf(lines, 3_001);
    const request = reread(all);
    keptClass(request);
    const stored = classSentences(request.slice(1, 5), 1);
    const expected = request.slice(1, 5).flatMap((entry, offset) => {
      const parts = splitSentences(entry.text);
      return parts.map((text) => ({ position: offset + 1, text, terms: parts.length === 1 ? tokenize(entry.text) : tokenize(text) }));
    });
    assert.deepEqual(
      stored.map((s) => ({ position: s.position, text: s.text, terms: [...s.terms] })),
      expected,
    );
    assert.ok(stored.every((s, i) => s.entry === request[expected[i]!.position]));
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classEntryIndex } from '../../../src/answer-engine/context/class-entry-index.js';
import { Bm25Index, SENTENCE_LENGTH_NORMALISATION_B } from '../../../src/answer-engine/text/bm25.js';
import { entryTerms } from '../../../src/answer-engine/text/term-cache.js';
import type { TranscriptLine } from '../../../src/answer-engine/types.js';

const lines = [
  'Today we look at how glaciers carve valleys.',
  'A glacier is a river of ice that moves under its own weight.',
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

/** What a fresh index over the same entries ranks: the kept index must agree with it exactly. */
function freshSearch(entries: readonly TranscriptLine[], query: string[]) {
  return new Bm25Index(entries.map((entry) => entryTerms(entry)), SENTENCE_LENGTH_NORMALISATION_B).search(query, 5);
}

describe('classEntryIndex', () => {
  it('grows with the class and ranks as an index built from all its entries at once', () => {
    const all = entriesOf(lines, 9_001);
    const early = all.slice(0, 4);
    const first = classEntryIndex(early);
    assert.deepEqual(first.search(['glacier', 'valley'], 5), freshSearch(early, ['glacier', 'valley']));
    const later = classEntryIndex(all);
    assert.equal(later, first, 'the same index, extended');
    assert.equal(later.size, all.length);
    assert.deepEqual(later.search(['moraine', 'glacier'], 5), freshSearch(all, ['moraine', 'glacier']));
  });

  it('gives another class with the same ids its own index', () => {
    const ours = entriesOf(lines, 1);
    const theirs = entriesOf(['Supply and demand set the price.', 'A moraine is not on this syllabus.', 'Elasticity measures how demand responds.'], 1);
    const ourIndex = classEntryIndex(ours);
    const theirIndex = classEntryIndex(theirs);
    assert.notEqual(theirIndex, ourIndex);
    assert.equal(theirIndex.size, 3);
    assert.deepEqual(theirIndex.search(['demand'], 5).map((hit) => hit.index), freshSearch(theirs, ['demand']).map((hit) => hit.index));
  });

  it('answers a task cut earlier than the indexed class from its own entries only', () => {
    const all = entriesOf(lines, 5_001);
    classEntryIndex(all);
    const cut = all.slice(0, 3);
    const index = classEntryIndex(cut);
    assert.equal(index.size, 3);
    assert.deepEqual(index.search(['moraine'], 5), []);
  });
});

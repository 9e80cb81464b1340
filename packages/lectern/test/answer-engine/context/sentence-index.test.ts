// The kept class's sentence indexes (by stem, by spelled word) and what reads through them must
// give what reading every sentence gives: the same sentences, the same scores, the same answers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { answerPassage } from '../../../src/answer-engine/builtin/answer-passage.js';
import { classSentenceList, classSentences, sentenceAsks } from '../../../src/answer-engine/builtin/class-sentences.js';
import type { ClassSentence } from '../../../src/answer-engine/builtin/class-sentences.js';
import { mentionPattern } from '../../../src/answer-engine/builtin/key-phrases.js';
import { SentenceLookup } from '../../../src/answer-engine/builtin/sentence-lookup.js';
import { arraySentenceList } from '../../../src/answer-engine/builtin/sentence-list.js';
import { searchSentences } from '../../../src/answer-engine/builtin/sentence-search.js';
import { classEntryArrived, keptClass } from '../../../src/answer-engine/context/kept-classes.js';
import { Bm25Index, SENTENCE_LENGTH_NORMALISATION_B } from '../../../src/answer-engine/text/bm25.js';
import { mentionKeys, mentionWords } from '../../../src/answer-engine/text/mention-words.js';
import { isQuestion } from '../../../src/answer-engine/text/questions.js';
import { stem } from '../../../src/answer-engine/text/stems.js';
import type { TranscriptLine } from '../../../src/answer-engine/types.js';

const lines = [
  'Today we look at how glaciers carve valleys.',
  'A glacier is a river of ice that moves under its own weight. It is slow. Very slow!',
  'Why do glaciers move at all? Because the ice deforms under its own weight.',
  'The ice plucks rocks from the valley floor and drags them along.',
  'That grinding is called abrasion, and it polishes the bedrock.',
  'U-shaped valleys are the signature of glacial erosion.',
  'Rivers, by contrast, cut V-shaped valleys. A river valley is narrow.',
  'Now, the next topic is moraines.',
  'A moraine is the heap of rock a glacier leaves behind.',
  'For Monday, read the chapter on moraines and glacial valleys.',
  'So what does abrasion do to the valley floor?',
  '冰川侵蚀形成U形谷。冰川移动很慢，因为冰在自身重量下变形。',
];

function entriesOf(texts: readonly string[], firstId: number): TranscriptLine[] {
  return texts.map((text, i) => ({ id: firstId + i, text, createdAt: new Date(Date.UTC(2026, 10, 27, 10, 0, i)).toISOString() }));
}

/** The same sentences as plain objects: what every reader handles by reading each one. */
const plain = (sentences: readonly ClassSentence[]): ClassSentence[] => sentences.map((s) => ({ entry: s.entry, position: s.position, text: s.text, terms: [...s.terms] }));

/** A class that arrived entry by entry in two halves, with a request between them and one after. */
function grownClass(session: string, firstId: number): TranscriptLine[] {
  const all = entriesOf(lines, firstId);
  for (const entry of all.slice(0, 6)) classEntryArrived(session, entry);
  const early = all.slice(0, 6).map((entry) => ({ ...entry }));
  keptClass(early, session);
  classSentences(early, 0);
  for (const entry of all.slice(6)) classEntryArrived(session, entry);
  const request = all.map((entry) => ({ ...entry }));
  keptClass(request, session);
  return request;
}

const STEMS = ['glacier', 'valley', 'ice', 'moraine', 'abrasion', 'weight', 'slow', 'river', 'u-shaped', '冰川', 'nothing'].map(stem);
const PHRASES = ['glacier', 'glaciers', 'valley', 'ice', 'moraine', 'U-shaped valleys', 'river valley', 'abrasion', 'the bedrock', 'own weight', '冰川', 'erosion'];

describe('the kept class indexes', () => {
  it('list, as entries arrive, the sentences a scan of every sentence finds', () => {
    const request = grownClass('index-a', 41_001);
    const sentences = classSentences(request, 0);
    const lookup = SentenceLookup.of(sentences);
    const scan = SentenceLookup.of(plain(sentences));
    assert.ok(lookup.indexed && !scan.indexed);
    for (const key of STEMS) {
      const expected = sentences.flatMap((s, at) => (s.terms.map(stem).includes(key) ? [at] : []));
      assert.deepEqual(lookup.withStem(key), expected, key);
      assert.deepEqual(scan.withStem(key), expected, key);
    }
    for (let at = 0; at < sentences.length; at++) {
      assert.equal(sentenceAsks(sentences[at]!), isQuestion(sentences[at]!.text), sentences[at]!.text);
      assert.equal(lookup.termCount(at), sentences[at]!.terms.length);
      const known = new Map([[stem('glacier'), 1], [stem('ice'), 1]]);
      assert.equal(lookup.stemsOutside(at, known), scan.stemsOutside(at, known));
      assert.equal(lookup.hasStemPair(at, stem('valley'), stem('floor')), scan.hasStemPair(at, stem('valley'), stem('floor')));
    }
    for (const phrase of ['glaciers', 'valley', 'river valley', 'moraine']) {
      const keys = mentionKeys(phrase) ?? [];
      const expected = sentences.flatMap((s, at) => (mentionWords(s.text).some((word) => keys.includes(word)) ? [at] : []));
      assert.deepEqual(lookup.mayMention(phrase), expected, phrase);
    }
  });

  it('leave out no sentence that mentions a phrase', () => {
    const request = grownClass('index-b', 42_001);
    const sentences = classSentences(request, 0);
    const lookup = SentenceLookup.of(sentences);
    const list = classSentenceList(request);
    for (const phrase of PHRASES) {
      const pattern = mentionPattern(phrase);
      const mentioning = sentences.flatMap((s, at) => (pattern.test(s.text) ? [at] : []));
      for (const narrowed of [lookup.mayMention(phrase), list.mayMention(phrase)]) {
        const kept = narrowed ?? sentences.map((_, at) => at);
        assert.ok(mentioning.every((at) => kept.includes(at)), `${phrase}: ${JSON.stringify(mentioning)} in ${JSON.stringify(kept)}`);
      }
    }
  });

  it('give the whole class as a list that makes its sentences when read, the same as classSentences', () => {
    const request = grownClass('index-c', 43_001);
    const sentences = classSentences(request, 0);
    const list = classSentenceList(request);
    const plainList = arraySentenceList(plain(sentences));
    assert.equal(list.length, sentences.length);
    for (let at = 0; at < sentences.length; at++) {
      const sentence = list.at(at)!;
      assert.equal(sentence.text, sentences[at]!.text);
      assert.equal(sentence.position, sentences[at]!.position);
      assert.deepEqual([...sentence.terms], [...sentences[at]!.terms]);
      assert.equal(list.indexOf(sentence), at);
      assert.equal(list.at(at), sentence, 'the same object each time');
      assert.equal(list.topicAt(at), plainList.topicAt(at));
    }
    assert.equal(list.at(sentences.length), undefined);
    assert.equal(list.indexOf(plain(sentences)[0]!), -1, 'another object is not in the list');
  });

  it('rank supporting quotes as a BM25 index of the same sentences does', () => {
    const request = grownClass('index-d', 44_001);
    const statements = classSentences(request, 0).filter((_, at) => at % 3 !== 1);
    for (const query of [['glacier', 'valley'], ['ice', 'weight', 'ice'], ['moraine', 'unheard'], ['冰川', '重量']]) {
      const expected = new Bm25Index(statements.map((s) => s.terms), SENTENCE_LENGTH_NORMALISATION_B).search(query, 3);
      assert.deepEqual(searchSentences(statements, query, 3), expected, query.join(' '));
      assert.deepEqual(searchSentences(plain(statements), query, 3), expected, query.join(' '));
    }
  });

  it('answer a check question with the same passage as reading every sentence', () => {
    const request = grownClass('index-e', 45_001);
    const before = classSentences(request.slice(0, 10), 0);
    assert.ok(SentenceLookup.of(before).indexed, 'read through the indexes');
    for (const asked of ['So what does abrasion do to the valley floor?', 'Why do glaciers move so slowly?', 'What is a moraine?', 'What kind of valley does a river cut?']) {
      const kept = answerPassage(asked, before);
      const read = answerPassage(asked, plain(before));
      const texts = (passage: typeof kept) => passage && { ...passage, sentences: passage.sentences.map((s) => s.text), runnersUp: passage.runnersUp.map((s) => s.text) };
      assert.deepEqual(texts(kept), texts(read), asked);
    }
  });
});

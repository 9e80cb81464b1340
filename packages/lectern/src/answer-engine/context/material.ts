// Course material cut into passages and ranked against what the class is talking about.
import { Bm25Index } from '../text/bm25.js';
import { splitSentences } from '../text/sentences.js';
import { safeCutIndex } from '../text/surrogates.js';
import { tokenize } from '../text/tokens.js';
import type { MaterialText } from '../types.js';

export interface MaterialPassage {
  /** Position in the material, 0-based, so excerpts can be shown in document order. */
  index: number;
  text: string;
}

export interface RankedMaterialPassage extends MaterialPassage {
  score: number;
  coverage: number;
}

/** A passage is about a short paragraph: long enough to carry a point, short enough to quote. */
const PASSAGE_CHARS_MAX = 700;
/** Indexing a large file (up to 2,000,000 characters) is the expensive step; the last few are kept. */
const INDEXED_MATERIALS_MAX = 4;

interface IndexedMaterial {
  passages: MaterialPassage[];
  index: Bm25Index;
}

const indexedMaterials = new Map<string, IndexedMaterial>();

export function rankMaterial(
  material: MaterialText,
  queryTerms: readonly string[],
  limit: number,
): RankedMaterialPassage[] {
  const { passages, index } = indexMaterial(material.text);
  return index.search(queryTerms, limit).flatMap(({ index: at, score, coverage }) => {
    const passage = passages[at];
    return passage === undefined ? [] : [{ ...passage, score, coverage }];
  });
}

/** The first passages of the file, for when there is nothing to rank by. */
export function openingPassages(material: MaterialText, limit: number): MaterialPassage[] {
  return indexMaterial(material.text).passages.slice(0, limit);
}

export function materialPassageCount(material: MaterialText): number {
  return indexMaterial(material.text).passages.length;
}

function indexMaterial(text: string): IndexedMaterial {
  const cached = indexedMaterials.get(text);
  if (cached !== undefined) {
    // Re-insert so the Map's insertion order doubles as least-recently-used order.
    indexedMaterials.delete(text);
    indexedMaterials.set(text, cached);
    return cached;
  }
  const passages = splitPassages(text).map((passage, index) => ({ index, text: passage }));
  const indexed = { passages, index: new Bm25Index(passages.map((p) => tokenize(p.text))) };
  if (indexedMaterials.size >= INDEXED_MATERIALS_MAX) {
    const oldest = indexedMaterials.keys().next().value;
    if (oldest !== undefined) indexedMaterials.delete(oldest);
  }
  indexedMaterials.set(text, indexed);
  return indexed;
}

/** Paragraphs packed up to the passage size; an over-long paragraph is cut between sentences. */
function splitPassages(text: string): string[] {
  const passages: string[] = [];
  let current = '';
  const push = (piece: string): void => {
    if (current.length > 0 && current.length + 1 + piece.length > PASSAGE_CHARS_MAX) {
      passages.push(current);
      current = '';
    }
    current = current.length > 0 ? `${current} ${piece}` : piece;
  };
  for (const paragraph of text.split(/\n\s*\n|\f/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    if (flat.length === 0) continue;
    if (flat.length <= PASSAGE_CHARS_MAX) {
      push(flat);
      continue;
    }
    for (const sentence of splitSentences(flat)) push(sentence.slice(0, safeCutIndex(sentence, PASSAGE_CHARS_MAX)));
  }
  if (current.length > 0) passages.push(current);
  return passages;
}

// Course material cut into passages and ranked against what the class is talking about.
import { memory } from '../../config.js';
import { ByteBudgetLru } from '../../platform/byte-budget-lru.js';
import { stringBytes } from '../../platform/memory-size.js';
import { Bm25Index } from '../text/bm25.js';
import { splitSentences } from '../text/sentences.js';
import { safeCutIndex } from '../text/surrogates.js';
import { tokenize } from '../text/tokens.js';
import type { MaterialText } from '../types.js';

export interface MaterialPassage {
  /** Position in the material, 0-based, so excerpts can be shown in document order. */
  index: number;
  text: string;
  /** The page or slide it is on (1-based), or null when the material has no pages. */
  page: number | null;
}

export interface RankedMaterialPassage extends MaterialPassage {
  score: number;
  coverage: number;
}

/** A passage is about a short paragraph: long enough to carry a point, short enough to quote. */
const PASSAGE_CHARS_MAX = 700;
/**
 * What the search index keeps per token of the material, at most: a posting (an object of two
 * numbers and its slot in a posting list) and a share of the term map and its key strings.
 */
const INDEX_BYTES_PER_TOKEN = 64;

interface IndexedMaterial {
  passages: MaterialPassage[];
  index: Bm25Index;
  /** The page layout the passages were cut by (see layoutOf). */
  layout: string;
}

/**
 * Indexing a large file (up to 2,000,000 characters) is the expensive step; the most recently
 * used indexes are kept within a byte budget (config.ts). Keyed by the text itself: a Map key
 * is the same string the caller holds, not a copy.
 */
const indexedMaterials = new ByteBudgetLru<string, IndexedMaterial>(memory.materialIndexCacheMaxBytes);

export function rankMaterial(
  material: MaterialText,
  queryTerms: readonly string[],
  limit: number,
): RankedMaterialPassage[] {
  const { passages, index } = indexMaterial(material);
  return index.search(queryTerms, limit).flatMap(({ index: at, score, coverage }) => {
    const passage = passages[at];
    return passage === undefined ? [] : [{ ...passage, score, coverage }];
  });
}

/** The first passages of the file, for when there is nothing to rank by. */
export function openingPassages(material: MaterialText, limit: number): MaterialPassage[] {
  return indexMaterial(material).passages.slice(0, limit);
}

export function materialPassageCount(material: MaterialText): number {
  return indexMaterial(material).passages.length;
}

/** How an answer cites a passage: "(slide 7)", "(p. 12)"; null when the material has no pages. */
export function citationOf(material: MaterialText, passage: Pick<MaterialPassage, 'page'>): string | null {
  if (passage.page === null || !material.pageLabel) return null;
  return material.pageLabel === 'slide' ? `(slide ${passage.page})` : `(p. ${passage.page})`;
}

/**
 * Where the pages fall and how they are numbered. The text alone does not say: it is the
 * non-empty pages joined, so a deck with a blank slide 2 has the same text as one without it,
 * and a plain-text file can have the text of a PDF. Passages cut for one would cite wrong pages
 * for the other.
 */
function layoutOf(material: MaterialText): string {
  if (!material.pages || material.pages.length === 0 || !material.pageLabel) return '';
  return material.pages.map((page) => `${page.number}:${page.text.length}`).join(',');
}

function indexMaterial(material: MaterialText): IndexedMaterial {
  const text = material.text;
  const layout = layoutOf(material);
  const cached = indexedMaterials.get(text);
  if (cached !== undefined && cached.layout === layout) return cached;
  // Passages never straddle two pages, so each one can be cited by its page.
  const pieces: { text: string; page: number | null }[] =
    layout !== '' && material.pages
      ? material.pages.flatMap((page) => splitPassages(page.text).map((passage) => ({ text: passage, page: page.number })))
      : splitPassages(text).map((passage) => ({ text: passage, page: null }));
  const passages = pieces.map((piece, index) => ({ index, ...piece }));
  const tokens = passages.map((p) => tokenize(p.text));
  const indexed = { passages, index: new Bm25Index(tokens), layout };
  // The key is the material's text, held as long as the entry is.
  let bytes = stringBytes(text) + stringBytes(layout);
  for (const passage of passages) bytes += stringBytes(passage.text);
  for (const passageTokens of tokens) bytes += passageTokens.length * INDEX_BYTES_PER_TOKEN;
  indexedMaterials.set(text, indexed, bytes);
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

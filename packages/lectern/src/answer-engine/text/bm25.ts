// Okapi BM25 ranking of short passages (sentences, entries, material excerpts) against a query.

/** Standard BM25 constants: term-frequency saturation and length normalisation. */
const TERM_SATURATION_K1 = 1.2;
const DEFAULT_LENGTH_NORMALISATION_B = 0.75;

/**
 * For single sentences the usual normalisation over-rewards brevity ("Stage one is
 * glycolysis." beating the sentence that explains glycolysis), so sentence ranking softens it.
 */
export const SENTENCE_LENGTH_NORMALISATION_B = 0.3;

export interface RankedPassage {
  index: number;
  score: number;
  /** Share (0..1) of the query's information (idf mass) that the passage contains. */
  coverage: number;
}

export class Bm25Index {
  /**
   * Per term, its documents and frequencies as flat pairs (doc, tf, doc, tf, ...): small
   * integers in one array instead of an object per posting. A follow-up indexes every entry of
   * a class (hundreds of thousands of postings for three hours), and that index lives through
   * the whole build, long enough for the young generation to promote it.
   */
  private readonly postings = new Map<string, number[]>();
  private readonly lengths: number[] = [];
  private totalLength = 0;
  /** One map reused for every document's term counts, not one per document. */
  private readonly counts = new Map<string, number>();

  /**
   * Documents are read once, in order: given as a lazy iterable, each term list can be dropped
   * as soon as it is indexed instead of all of them being held until the index is built.
   */
  constructor(
    documents: Iterable<readonly string[]>,
    private readonly lengthNormalisation = DEFAULT_LENGTH_NORMALISATION_B,
  ) {
    for (const terms of documents) this.add(terms);
  }

  /**
   * Appends a document (its index is the previous size). An index extended this way ranks
   * exactly as one built from all the documents at once: a class's index grows with its
   * entries instead of being built again for every question (class-entry-index.ts).
   */
  add(terms: readonly string[]): void {
    const doc = this.lengths.length;
    this.lengths.push(terms.length);
    this.totalLength += terms.length;
    const counts = this.counts;
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let list = this.postings.get(term);
      if (list === undefined) this.postings.set(term, (list = []));
      list.push(doc, tf);
    }
    counts.clear();
  }

  /** The summed length of the first `documents` documents (whole numbers: exact either way). */
  private lengthOfFirst(documents: number): number {
    let total = this.totalLength;
    for (let doc = documents; doc < this.lengths.length; doc++) total -= this.lengths[doc] ?? 0;
    return total;
  }

  get size(): number {
    return this.lengths.length;
  }

  /**
   * Inverse document frequency among the first `documents` documents; a term they never saw
   * gets the highest value.
   */
  idf(term: string, documents = this.size): number {
    const df = postingsBefore(this.postings.get(term), documents) / 2;
    return Math.log(1 + (documents - df + 0.5) / (df + 0.5));
  }

  /**
   * Passages sharing at least one query term, best first. With `documents`, only the first
   * that many documents are searched, and ranked exactly as an index of those alone would:
   * a class's index may already hold entries that arrived after the question was asked.
   */
  search(queryTerms: readonly string[], limit: number, documents = this.size): RankedPassage[] {
    return bm25Search(
      {
        count: documents,
        totalLength: this.lengthOfFirst(documents),
        length: (doc) => this.lengths[doc] ?? 0,
        postings: (term) => {
          const pairs = this.postings.get(term);
          return pairs === undefined ? undefined : { pairs, end: postingsBefore(pairs, documents) };
        },
      },
      queryTerms,
      limit,
      this.lengthNormalisation,
    );
  }
}

/**
 * What BM25 reads of a collection of documents: how many there are, their lengths, and per
 * term the documents that hold it with its count there. An index other than Bm25Index (a
 * class's kept sentence index, builtin/sentence-search.ts) ranks through bm25Search too, and
 * so ranks exactly as a Bm25Index of the same documents.
 */
export interface Bm25Documents {
  readonly count: number;
  /** The sum of the lengths of the `count` documents. */
  readonly totalLength: number;
  length(doc: number): number;
  /** Flat pairs (doc, term count) in increasing doc order, the first `end` slots of `pairs` read; undefined when no document holds the term. */
  postings(term: string): { pairs: readonly number[]; end: number } | undefined;
}

/** Documents sharing at least one query term, best first, at most `limit`. */
export function bm25Search(documents: Bm25Documents, queryTerms: readonly string[], limit: number, lengthNormalisation = DEFAULT_LENGTH_NORMALISATION_B): RankedPassage[] {
  const count = documents.count;
  const idf = (term: string): number => {
    const held = documents.postings(term);
    const df = (held?.end ?? 0) / 2;
    return Math.log(1 + (count - df + 0.5) / (df + 0.5));
  };
  const unique = [...new Set(queryTerms)];
  const queryMass = unique.reduce((sum, term) => sum + idf(term), 0);
  const scores = new Map<number, { score: number; matchedMass: number }>();
  const averageLength = count <= 0 ? 1 : Math.max(1, documents.totalLength / count);
  for (const term of unique) {
    const held = documents.postings(term);
    if (held === undefined) continue;
    const termIdf = idf(term);
    const { pairs: list, end } = held;
    for (let at = 0; at < end; at += 2) {
      const doc = list[at] ?? 0;
      const tf = list[at + 1] ?? 0;
      const b = lengthNormalisation;
      const norm = 1 - b + (b * documents.length(doc)) / averageLength;
      const gain = (termIdf * tf * (TERM_SATURATION_K1 + 1)) / (tf + TERM_SATURATION_K1 * norm);
      const entry = scores.get(doc) ?? { score: 0, matchedMass: 0 };
      entry.score += gain;
      entry.matchedMass += termIdf;
      scores.set(doc, entry);
    }
  }
  return [...scores]
    .map(([index, { score, matchedMass }]) => ({
      index,
      score,
      coverage: queryMass > 0 ? matchedMass / queryMass : 0,
    }))
    .sort((a, b) => b.score - a.score || b.index - a.index)
    .slice(0, limit);
}

/**
 * How many slots of a postings list (doc, tf pairs in document order) belong to documents
 * before `documents`: all of them unless the index has grown past the documents searched.
 */
function postingsBefore(list: readonly number[] | undefined, documents: number): number {
  if (list === undefined) return 0;
  let low = 0;
  let high = list.length / 2;
  if (high === 0 || (list[list.length - 2] ?? 0) < documents) return list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle * 2] ?? 0) < documents) low = middle + 1;
    else high = middle;
  }
  return low * 2;
}

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

  private get averageLength(): number {
    return this.lengths.length > 0 ? Math.max(1, this.totalLength / this.lengths.length) : 1;
  }

  get size(): number {
    return this.lengths.length;
  }

  /** Inverse document frequency; a term the collection never saw gets the highest value. */
  idf(term: string): number {
    const df = (this.postings.get(term)?.length ?? 0) / 2;
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /** Passages sharing at least one query term, best first. */
  search(queryTerms: readonly string[], limit: number): RankedPassage[] {
    const unique = [...new Set(queryTerms)];
    const queryMass = unique.reduce((sum, term) => sum + this.idf(term), 0);
    const scores = new Map<number, { score: number; matchedMass: number }>();
    const averageLength = this.averageLength;
    for (const term of unique) {
      const list = this.postings.get(term);
      if (list === undefined) continue;
      const idf = this.idf(term);
      for (let at = 0; at < list.length; at += 2) {
        const doc = list[at] ?? 0;
        const tf = list[at + 1] ?? 0;
        const b = this.lengthNormalisation;
        const norm = 1 - b + (b * (this.lengths[doc] ?? 0)) / averageLength;
        const gain = (idf * tf * (TERM_SATURATION_K1 + 1)) / (tf + TERM_SATURATION_K1 * norm);
        const entry = scores.get(doc) ?? { score: 0, matchedMass: 0 };
        entry.score += gain;
        entry.matchedMass += idf;
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
}

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
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[];
  private readonly averageLength: number;

  constructor(
    documents: readonly (readonly string[])[],
    private readonly lengthNormalisation = DEFAULT_LENGTH_NORMALISATION_B,
  ) {
    this.lengths = documents.map((terms) => terms.length);
    const total = this.lengths.reduce((sum, length) => sum + length, 0);
    this.averageLength = documents.length > 0 ? Math.max(1, total / documents.length) : 1;
    documents.forEach((terms, doc) => {
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let list = this.postings.get(term);
        if (list === undefined) this.postings.set(term, (list = []));
        list.push({ doc, tf });
      }
    });
  }

  get size(): number {
    return this.lengths.length;
  }

  /** Inverse document frequency; a term the collection never saw gets the highest value. */
  idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /** Passages sharing at least one query term, best first. */
  search(queryTerms: readonly string[], limit: number): RankedPassage[] {
    const unique = [...new Set(queryTerms)];
    const queryMass = unique.reduce((sum, term) => sum + this.idf(term), 0);
    const scores = new Map<number, { score: number; matchedMass: number }>();
    for (const term of unique) {
      const list = this.postings.get(term);
      if (list === undefined) continue;
      const idf = this.idf(term);
      for (const { doc, tf } of list) {
        const b = this.lengthNormalisation;
        const norm = 1 - b + (b * (this.lengths[doc] ?? 0)) / this.averageLength;
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

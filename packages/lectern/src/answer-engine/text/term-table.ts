/**
 * One string per distinct term, for analyses that hold the terms of a whole class at once.
 *
 * tokenize() returns new strings, so a class of 21,600 entries held as sentences keeps a
 * million copies of a few thousand words: the built-in notes of a three-hour class grew the
 * live heap by 54 MiB, 29 MiB with the copies folded into one (docs/benchmarks.md, "Lectern
 * soak"). A table lives as long as the analysis that owns it.
 */
export class TermTable {
  readonly #terms = new Map<string, string>();

  /** The terms, each replaced by the table's copy of it (the first one seen). */
  intern(terms: readonly string[]): string[] {
    return terms.map((term) => {
      const known = this.#terms.get(term);
      if (known !== undefined) return known;
      this.#terms.set(term, term);
      return term;
    });
  }
}

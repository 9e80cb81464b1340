/**
 * One string per distinct term, for analyses that hold the terms of a whole class at once.
 *
 * tokenize() returns new strings, so a class of 21,600 entries held as sentences keeps a
 * million copies of a few thousand words: the built-in notes of a three-hour class grew the
 * live heap by 54 MiB, 29 MiB with the copies folded into one (docs/benchmarks.md, "Lectern
 * soak"). A table lives as long as the analysis that owns it. An analysis kept between
 * requests stores each term as its number in the table (4 bytes in a typed array) instead of
 * a pointer in an array of its own.
 */
export class TermTable {
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];

  /** The terms, each replaced by the table's copy of it (the first one seen). */
  intern(terms: readonly string[]): string[] {
    return terms.map((term) => this.#terms[this.id(term)]!);
  }

  /** The term's number in this table, given on first sight. */
  id(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      this.#ids.set(term, id);
      this.#terms.push(term);
    }
    return id;
  }

  /** The term's number, or undefined when the table has never seen it (nothing is added). */
  find(term: string): number | undefined {
    return this.#ids.get(term);
  }

  /** The table's copy of the term numbered `id`. */
  term(id: number): string {
    const term = this.#terms[id];
    if (term === undefined) throw new RangeError(`no term ${id} in this table`);
    return term;
  }
}

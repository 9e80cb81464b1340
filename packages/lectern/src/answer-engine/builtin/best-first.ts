// A ranking read from the top, scoring only as many items as it must: each item has a cheap
// upper bound on its score, and an item is scored only once its bound could still reach the
// best score not yet handed out. A rescue on a two-hour class has a thousand sentences that
// share a word with the question; it says two of them.

export interface Ranked {
  at: number;
  score: number;
}

/**
 * Items in the order a full sort gives them — score descending, then `at` descending — those
 * scoring 0 or less left out. `bound(at)` must never be below `score(at)` as computed.
 */
export class BestFirst {
  /** Items not yet scored, highest bound first. */
  private readonly order: number[];
  private readonly bounds: Float64Array;
  private next = 0;
  /** Scored and not yet handed out, best first. */
  private readonly pending: Ranked[] = [];
  private readonly out: Ranked[] = [];

  constructor(
    items: readonly number[],
    bound: (at: number) => number,
    private readonly score: (at: number) => number,
  ) {
    this.bounds = new Float64Array(items.length);
    items.forEach((at, i) => (this.bounds[i] = bound(at)));
    const byBound = items.map((_, i) => i).sort((a, b) => this.bounds[b]! - this.bounds[a]!);
    this.order = byBound.map((i) => items[i]!);
    this.bounds = Float64Array.from(byBound, (i) => this.bounds[i]!);
  }

  /** The item ranked `k`th (from 0), undefined past the last. */
  get(k: number): Ranked | undefined {
    while (this.out.length <= k && this.advance());
    return this.out[k];
  }

  *[Symbol.iterator](): Generator<Ranked> {
    for (let k = 0; ; k++) {
      const item = this.get(k);
      if (item === undefined) return;
      yield item;
    }
  }

  /** Hands out the next item; false when there is none. */
  private advance(): boolean {
    // An item whose bound reaches the best pending score may still beat it, or tie it with a later `at`.
    while (this.next < this.order.length && (this.pending.length === 0 || this.bounds[this.next]! >= this.pending[0]!.score)) {
      const at = this.order[this.next]!;
      this.next++;
      const score = this.score(at);
      if (score > 0) this.insert({ at, score });
    }
    const best = this.pending.shift();
    if (best === undefined) return false;
    this.out.push(best);
    return true;
  }

  private insert(item: Ranked): void {
    let i = this.pending.length;
    while (i > 0 && precedes(item, this.pending[i - 1]!)) i--;
    this.pending.splice(i, 0, item);
  }
}

function precedes(a: Ranked, b: Ranked): boolean {
  return a.score > b.score || (a.score === b.score && a.at > b.at);
}

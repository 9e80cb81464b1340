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
  /** Items not yet scored, as a binary max-heap on their bounds: only the few read are taken out in order. */
  private readonly heapItems: Int32Array;
  private readonly heapBounds: Float64Array;
  private heapSize: number;
  /** Scored and not yet handed out, best first. */
  private readonly pending: Ranked[] = [];
  private readonly out: Ranked[] = [];

  constructor(
    items: readonly number[],
    bound: (at: number) => number,
    private readonly score: (at: number) => number,
  ) {
    this.heapItems = Int32Array.from(items);
    this.heapBounds = Float64Array.from(items, bound);
    this.heapSize = items.length;
    for (let i = (this.heapSize >>> 1) - 1; i >= 0; i--) this.siftDown(i);
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
    while (this.heapSize > 0 && (this.pending.length === 0 || this.heapBounds[0]! >= this.pending[0]!.score)) {
      const at = this.heapItems[0]!;
      this.heapSize--;
      this.heapItems[0] = this.heapItems[this.heapSize]!;
      this.heapBounds[0] = this.heapBounds[this.heapSize]!;
      this.siftDown(0);
      const score = this.score(at);
      if (score > 0) this.insert({ at, score });
    }
    const best = this.pending.shift();
    if (best === undefined) return false;
    this.out.push(best);
    return true;
  }

  private siftDown(from: number): void {
    const items = this.heapItems;
    const bounds = this.heapBounds;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.heapSize) return;
      const right = left + 1;
      const larger = right < this.heapSize && bounds[right]! > bounds[left]! ? right : left;
      if (bounds[larger]! <= bounds[i]!) return;
      const item = items[i]!;
      const value = bounds[i]!;
      items[i] = items[larger]!;
      bounds[i] = bounds[larger]!;
      items[larger] = item;
      bounds[larger] = value;
      i = larger;
    }
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

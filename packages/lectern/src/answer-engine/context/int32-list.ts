// A list of 32-bit integers grown at the end: 4 bytes an element, where a JS array of numbers
// takes 8 and keeps half as much again in reserve (kept class analyses hold several per class).

const INITIAL_CAPACITY = 256;

/** What a list is read through by those that must not change it. */
export interface ReadonlyInt32List {
  readonly length: number;
  at(index: number, fallback?: number): number;
}

export class Int32List implements ReadonlyInt32List {
  private items: Int32Array;
  private count = 0;

  /** `initialCapacity`: small for the many short lists of an index (a 256-slot list is 1 KiB). */
  constructor(initialCapacity = INITIAL_CAPACITY) {
    this.items = new Int32Array(Math.max(1, initialCapacity));
  }

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.count === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.count++] = value;
  }

  /** The element at `index`, or `fallback` past the end. */
  at(index: number, fallback = 0): number {
    return index < this.count ? this.items[index]! : fallback;
  }

  set(index: number, value: number): void {
    if (index >= this.count) throw new RangeError(`no element ${index} of ${this.count}`);
    this.items[index] = value;
  }
}

// Estimates of what values held between requests cost in the V8 heap, so every cache can be
// bounded in bytes rather than by a count that says nothing about its size (4,000 cached
// analyses of 8,000-character entries once took 400 MB). Estimates, not measurements: they
// follow V8's layout on 64-bit Node (no pointer compression) and err on the high side.

/** Object header, length and hash of a string, rounded to V8's allocation alignment. */
const stringHeaderBytes = 24;
/** A JS array object plus the header of its backing store. */
const arrayHeaderBytes = 48;
/** One element slot of an array (a tagged pointer). */
const slotBytes = 8;

/**
 * Slots an array built by `push` has room for: V8 grows a backing store to 1.5 × its length
 * + 16, so a run of three terms occupies 17 slots. Measured, this slack was half the memory
 * of a cached entry analysis.
 */
function slotCapacity(length: number): number {
  return length === 0 ? 0 : length + (length >> 1) + 16;
}
/** Any character outside Latin-1 makes V8 store the whole string with two bytes per character. */
// eslint-disable-next-line no-control-regex
const beyondLatin1 = /[^\u0000-\u00ff]/;

export function stringBytes(text: string): number {
  return stringHeaderBytes + text.length * (beyondLatin1.test(text) ? 2 : 1);
}

/** The strings themselves, each counted as its own (shared ones only make this high). */
export function stringsBytes(items: readonly string[]): number {
  let bytes = 0;
  for (const item of items) bytes += stringBytes(item);
  return bytes;
}

/**
 * An array's own memory, its elements not included: one grown by `push` has slack (see
 * slotCapacity), one made by `slice` or `map` has exactly its length.
 */
export function arrayBytes(length: number, grownByPush: boolean): number {
  return arrayHeaderBytes + (grownByPush ? slotCapacity(length) : length) * slotBytes;
}

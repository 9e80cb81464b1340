// Cutting strings by UTF-16 index without splitting a character outside the Basic Multilingual
// Plane (emoji, rare Han characters) into two invalid halves, and counting them by code point.

const HIGH_SURROGATE_FIRST = 0xd800;
const HIGH_SURROGATE_LAST = 0xdbff;

/** `at`, or one less when `at` falls between the two halves of a surrogate pair. */
export function safeCutIndex(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return Math.max(0, Math.min(at, text.length));
  const before = text.charCodeAt(at - 1);
  return before >= HIGH_SURROGATE_FIRST && before <= HIGH_SURROGATE_LAST ? at - 1 : at;
}

/** Length in Unicode code points (a pair counts once, a lone half too): what `characters` and delta offsets count. */
export function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

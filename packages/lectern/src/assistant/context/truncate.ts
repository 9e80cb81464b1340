// Shortening text to an exact character budget without splitting a surrogate pair.

const ELLIPSIS = '…';

/** `text` if it fits in `maxChars` UTF-16 units, else its start plus "…", never longer than `maxChars`. */
export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars < ELLIPSIS.length) return '';
  let cut = maxChars - ELLIPSIS.length;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return text.slice(0, cut) + ELLIPSIS;
}

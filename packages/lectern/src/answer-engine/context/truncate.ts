// Shortening text to an exact character budget without splitting a surrogate pair.
import { safeCutIndex } from '../text/surrogates.js';

const ELLIPSIS = '…';

/** `text` if it fits in `maxChars` UTF-16 units, else its start plus "…", never longer than `maxChars`. */
export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars < ELLIPSIS.length) return '';
  return text.slice(0, safeCutIndex(text, maxChars - ELLIPSIS.length)) + ELLIPSIS;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether a JSON text nests arrays and objects more than `maxLevels` deep, found in one pass
 * over its characters before it is parsed: what handles a body after the parse (the text rule,
 * schema validation) recurses once per level, and a few kilobytes of brackets are enough to
 * exhaust the stack. Brackets inside strings are text. Nothing else is checked: malformed JSON
 * is for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, maxLevels: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxLevels) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** Character codes and character classes the lexer scans by (no per-character regexes). */

const CH_TAB = 9;
export const CH_LF = 10;
const CH_VT = 11;
const CH_FF = 12;
export const CH_CR = 13;
export const CH_SPACE = 32;
export const CH_DQUOTE = 34;
export const CH_HASH = 35;
export const CH_SQUOTE = 39;
export const CH_STAR = 42;
export const CH_DOT = 46;
export const CH_SLASH = 47;
const CH_0 = 48;
const CH_9 = 57;
export const CH_UPPER_A = 65;
export const CH_UPPER_Z = 90;
export const CH_BACKSLASH = 92;
export const CH_UNDERSCORE = 95;
const CH_LOWER_A = 97;
export const CH_LOWER_E = 101;
export const CH_UPPER_E = 69;
const CH_LOWER_Z = 122;
export const CH_LBRACE = 123;
export const CH_RBRACE = 125;
export const CH_PLUS = 43;
export const CH_MINUS = 45;
export const FIRST_NON_ASCII = 128;
const CH_NBSP = 0xa0;
const CH_BOM = 0xfeff;
const CH_IDEOGRAPHIC_SPACE = 0x3000;

export const UNICODE_IDENTIFIER_START = /[\p{L}\p{Nl}]/u;
export const UNICODE_IDENTIFIER_PART = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;

/** Spaces that separate tokens on a line, including the no-break and ideographic spaces. */
export function isInlineWhitespace(code: number): boolean {
  return code === CH_SPACE || code === CH_TAB || code === CH_VT || code === CH_FF
    || code === CH_NBSP || code === CH_BOM || code === CH_IDEOGRAPHIC_SPACE;
}

export function isAsciiLetter(code: number): boolean {
  return (code >= CH_LOWER_A && code <= CH_LOWER_Z) || (code >= CH_UPPER_A && code <= CH_UPPER_Z);
}

export function isDigit(code: number): boolean {
  return code >= CH_0 && code <= CH_9;
}

/** Control characters are shown as `\u{..}` so a message never carries invisible text. */
export function printable(text: string): string {
  const CH_PRINTABLE_FIRST = 32;
  const CH_DELETE = 127;
  let out = '';
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    out += point < CH_PRINTABLE_FIRST || point === CH_DELETE ? `\\u{${point.toString(16)}}` : char;
  }
  return out;
}

/**
 * The Loom lexer: turns `.nx` source into tokens with exact spans.
 *
 * It scans by character code (no per-character regular expressions) and never throws: a
 * malformed piece of input becomes one E004 diagnostic and scanning continues after it.
 * Strings are split into text and `#{...}` interpolation segments here; each interpolation
 * holds its own token list, so the parser reads the embedded expression like any other.
 *
 * The parser pulls tokens one at a time from a TokenStream instead of a full array, so tokens
 * die young and the garbage collector stays cheap on multi-megabyte sources.
 */
import type { Diagnostic } from '../diagnostic.js';
import { SourceFile, SourceSpan } from './spans.js';
import { PUNCTUATORS } from './tokens.js';
import type { Punctuator, StringSegment, Token } from './tokens.js';
import { syntaxError } from './syntax-error.js';
import { MS_PER_UNIT } from '../language/duration-units.js';
import {
  CH_BACKSLASH, CH_CR, CH_DOT, CH_DQUOTE, CH_HASH, CH_LBRACE,
  CH_LF, CH_LOWER_E, CH_MINUS, CH_PLUS, CH_RBRACE, CH_SLASH, CH_SPACE, CH_SQUOTE, CH_STAR,
  CH_UNDERSCORE, CH_UPPER_E, FIRST_NON_ASCII, UNICODE_IDENTIFIER_PART,
  UNICODE_IDENTIFIER_START, isAsciiLetter, isDigit, isInlineWhitespace, printable,
} from './characters.js';

export interface TokenizeResult {
  readonly tokens: Token[];
  readonly diagnostics: Diagnostic[];
}

export function tokenize(source: string, file: string): TokenizeResult {
  const stream = new TokenStream(source, file);
  const tokens: Token[] = [];
  let token: Token;
  do {
    token = stream.next();
    tokens.push(token);
  } while (token.kind !== 'eof');
  return { tokens, diagnostics: stream.diagnostics };
}

const PUNCTUATOR_SET: ReadonlySet<string> = new Set(PUNCTUATORS);

/** Punctuators indexed by the code of their first character, longest first. */
const PUNCTUATORS_BY_FIRST_CHAR: readonly (readonly Punctuator[] | undefined)[] = (() => {
  const groups: Punctuator[][] = [];
  for (const punctuator of PUNCTUATORS) {
    const first = punctuator.charCodeAt(0);
    groups[first] = [...(groups[first] ?? []), punctuator];
  }
  for (const group of groups) group?.sort((a, b) => b.length - a.length);
  return groups;
})();
const DURATION_UNITS: ReadonlySet<string> = new Set(Object.keys(MS_PER_UNIT));
/** Strings inside `#{...}` inside strings...: deeper than this is reported, not followed. */
const MAX_INTERPOLATION_DEPTH = 16;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', '"': '"', "'": "'", '#': '#', '{': '{', '}': '}',
};

/** Whether the rest of the line from `offset` holds only spaces, `,;)]}` or a `//` comment. */
function onlyClosersFollow(source: string, offset: number): boolean {
  for (let pos = offset; pos < source.length; pos++) {
    const char = source[pos];
    if (char === '\n' || char === '\r') return true;
    if (char === '/' && source[pos + 1] === '/') return true;
    if (char !== ' ' && char !== '\t' && char !== ',' && char !== ';' && char !== ')' && char !== ']' && char !== '}') {
      return false;
    }
  }
  return true;
}

/** How a string literal ends. */
interface StringShape {
  readonly quote: number;
  readonly triple: boolean;
}

/** Slots in the lexer's table of recent words (a power of two, so a hash masks into it). */
const WORD_TABLE_SIZE = 1024;
/** Multiplier of the word hash, the classic 31 of Java's String.hashCode. */
const WORD_HASH_MULTIPLIER = 31;

export class TokenStream {
  readonly diagnostics: Diagnostic[] = [];
  /** Lines on which a lexical error was reported so far (the parser does not echo those). */
  readonly errorLines = new Set<number>();
  private pos = 0;
  private sawNewline = true;
  private interpolationDepth = 0;
  private readonly sourceFile: SourceFile;
  /**
   * Recently seen words, direct-mapped by a hash of their characters. A word written many times
   * then shares one string across the tree instead of each occurrence keeping its own copy
   * alive, and a hit costs no allocation at all. A colliding word simply replaces the entry:
   * the table stays small however many distinct names a file has (a Map of every word grew to
   * hundreds of thousands of entries on large files, and its lookups took 6% of parsing).
   */
  private readonly recentWords: (string | undefined)[] = new Array<string | undefined>(WORD_TABLE_SIZE).fill(undefined);

  constructor(private readonly source: string, file: string) {
    this.sourceFile = new SourceFile(file);
  }

  /** The next token; after the end of input, an eof token every time. */
  next(): Token {
    const source = this.source;
    for (;;) {
      this.skipTrivia();
      if (this.pos >= source.length) return this.eofToken();
      const before = this.pos;
      const token = this.scanToken(source.charCodeAt(this.pos));
      if (token !== null) {
        this.sawNewline = false;
        return token;
      }
      // Every branch of scanToken consumes input; this guard keeps the loop finite regardless.
      if (this.pos === before) this.pos++;
    }
  }

  // ---- positions -----------------------------------------------------------------------------

  /** The span from offset `start` to the current position. */
  private spanFrom(start: number): SourceSpan {
    return new SourceSpan(this.sourceFile, start, this.pos);
  }

  /** `detail` goes on after "Syntax error: ", so it starts in lower case (`unterminated ...`). */
  private error(detail: string, start: number, hint?: string): void {
    this.diagnostics.push(syntaxError(detail, this.spanFrom(start), hint));
    this.errorLines.add(this.sourceFile.positionAt(start).line);
  }

  /** Advances over one line terminator (`\n`, `\r\n` or `\r`) at the current position. */
  private consumeNewline(): void {
    const code = this.source.charCodeAt(this.pos);
    this.pos += code === CH_CR && this.source.charCodeAt(this.pos + 1) === CH_LF ? 2 : 1;
    this.sourceFile.addLineStart(this.pos);
  }

  /** Ends an interpolation's token list at its closing `}` (not consumed here). */
  private interpolationEndToken(): Token {
    const span = new SourceSpan(this.sourceFile, this.pos, this.pos + 1);
    return { kind: 'eof', text: '}', span, newlineBefore: false };
  }

  private eofToken(): Token {
    return { kind: 'eof', text: '', span: this.spanFrom(this.pos), newlineBefore: true };
  }

  // ---- main loop -----------------------------------------------------------------------------

  /**
   * Scans the tokens of an interpolation into `out`, up to the `}` that closes it. Returns
   * true when it stopped at that `}` (left unconsumed), false at the end of input.
   */
  private scanInterpolationTokens(out: Token[]): boolean {
    const source = this.source;
    let braceDepth = 0;
    for (;;) {
      this.skipTrivia();
      if (this.pos >= source.length) return false;
      const code = source.charCodeAt(this.pos);
      if (code === CH_RBRACE && braceDepth === 0) return true;
      const before = this.pos;
      const token = this.scanToken(code);
      if (token !== null) {
        out.push(token);
        this.sawNewline = false;
        if (token.kind === 'punctuator') {
          if (code === CH_LBRACE) braceDepth++;
          else if (code === CH_RBRACE && braceDepth > 0) braceDepth--;
        }
      }
      // Every branch of scanToken consumes input; this guard keeps the loop finite regardless.
      if (this.pos === before) this.pos++;
    }
  }

  private skipTrivia(): void {
    const source = this.source;
    for (;;) {
      const code = source.charCodeAt(this.pos);
      if (isInlineWhitespace(code)) {
        let pos = this.pos + 1;
        while (isInlineWhitespace(source.charCodeAt(pos))) pos++;
        this.pos = pos;
      } else if (code === CH_LF || code === CH_CR) {
        this.consumeNewline();
        this.sawNewline = true;
      } else if (code === CH_SLASH && source.charCodeAt(this.pos + 1) === CH_SLASH) {
        while (this.pos < source.length) {
          const c = source.charCodeAt(this.pos);
          if (c === CH_LF || c === CH_CR) break;
          this.pos++;
        }
      } else if (code === CH_SLASH && source.charCodeAt(this.pos + 1) === CH_STAR) {
        this.skipBlockComment();
      } else {
        return;
      }
    }
  }

  private skipBlockComment(): void {
    const source = this.source;
    const start = this.pos;
    this.pos += 2;
    while (this.pos < source.length) {
      const code = source.charCodeAt(this.pos);
      if (code === CH_STAR && source.charCodeAt(this.pos + 1) === CH_SLASH) {
        this.pos += 2;
        return;
      }
      if (code === CH_LF || code === CH_CR) {
        this.consumeNewline();
        this.sawNewline = true;
      } else {
        this.pos++;
      }
    }
    this.error("unterminated comment: '/*' is never closed by '*/'", start);
  }

  /** Scans one token starting with `code`; returns null when the input was reported and skipped. */
  private scanToken(code: number): Token | null {
    if (code === CH_DQUOTE || code === CH_SQUOTE) return this.scanString(this.pos);
    if (isDigit(code)) return this.scanNumber();
    if (isAsciiLetter(code) || code === CH_UNDERSCORE || this.startsUnicodeIdentifierAt(this.pos)) {
      return this.scanWord();
    }
    return this.scanPunctuator();
  }

  /** Whether a non-ASCII letter that starts a name is at `offset`. */
  private startsUnicodeIdentifierAt(offset: number): boolean {
    const code = this.source.charCodeAt(offset);
    if (code < FIRST_NON_ASCII) return false;
    const char = String.fromCodePoint(this.source.codePointAt(offset) ?? code);
    return UNICODE_IDENTIFIER_START.test(char);
  }

  // ---- words ---------------------------------------------------------------------------------

  private scanWord(): Token {
    const source = this.source;
    const start = this.pos;
    // A local index in the hot loop; past the end charCodeAt gives NaN, which fails every test.
    let pos = start;
    let hash = 0;
    for (;;) {
      const code = source.charCodeAt(pos);
      if (isAsciiLetter(code) || isDigit(code) || code === CH_UNDERSCORE) {
        hash = (hash * WORD_HASH_MULTIPLIER + code) | 0;
        pos++;
      } else if (code >= FIRST_NON_ASCII) {
        const char = String.fromCodePoint(source.codePointAt(pos) ?? code);
        if (!UNICODE_IDENTIFIER_PART.test(char)) break;
        pos += char.length;
      } else {
        break;
      }
    }
    this.pos = pos;
    const text = this.word(start, pos, hash);
    const next = source.charCodeAt(this.pos);
    if (next === CH_DQUOTE && text === 'r') return this.scanRegex(start);
    if ((next === CH_DQUOTE || next === CH_SQUOTE) && text === 'template') {
      return this.scanTemplate(start);
    }
    if ((next === CH_DQUOTE || next === CH_SQUOTE) && text === 'f') {
      // Python-style f-strings appear in older docs; read the string so that only this is reported.
      this.error('f-strings are not supported', start, "interpolate with #{...} inside a plain string: \"Hi #{name}\"");
      return this.scanString(start);
    }
    return { kind: 'identifier', text, span: this.spanFrom(start), newlineBefore: this.sawNewline };
  }

  /** The word at `start..end`, shared with an earlier occurrence when the table still holds it. */
  private word(start: number, end: number, hash: number): string {
    const slot = hash & (WORD_TABLE_SIZE - 1);
    const known = this.recentWords[slot];
    if (known !== undefined && known.length === end - start && this.source.startsWith(known, start)) return known;
    const word = this.source.slice(start, end);
    this.recentWords[slot] = word;
    return word;
  }

  // ---- numbers -------------------------------------------------------------------------------

  private scanDigits(): void {
    const source = this.source;
    while (this.pos < source.length) {
      const code = source.charCodeAt(this.pos);
      if (isDigit(code) || (code === CH_UNDERSCORE && isDigit(source.charCodeAt(this.pos + 1)))) this.pos++;
      else break;
    }
  }

  private scanNumber(): Token {
    const source = this.source;
    const start = this.pos;
    let isFloat = false;
    this.scanDigits();
    if (source.charCodeAt(this.pos) === CH_DOT && isDigit(source.charCodeAt(this.pos + 1))) {
      isFloat = true;
      this.pos++;
      this.scanDigits();
    }
    const e = source.charCodeAt(this.pos);
    if (e === CH_LOWER_E || e === CH_UPPER_E) {
      const sign = source.charCodeAt(this.pos + 1);
      const digitAt = sign === CH_PLUS || sign === CH_MINUS ? this.pos + 2 : this.pos + 1;
      if (isDigit(source.charCodeAt(digitAt))) {
        isFloat = true;
        this.pos = digitAt;
        this.scanDigits();
      }
    }
    const numberEnd = this.pos;
    const digits = source.slice(start, numberEnd);
    // Separators are rare; leaving the common case alone spares a copy of every number.
    const value = Number(digits.includes('_') ? digits.replaceAll('_', '') : digits);
    let unit: string | null = null;
    const after = source.charCodeAt(this.pos);
    if (isAsciiLetter(after) || after === CH_UNDERSCORE) {
      const suffixStart = this.pos;
      while (this.pos < source.length) {
        const code = source.charCodeAt(this.pos);
        if (!(isAsciiLetter(code) || isDigit(code) || code === CH_UNDERSCORE)) break;
        this.pos++;
      }
      const suffix = source.slice(suffixStart, this.pos);
      if (DURATION_UNITS.has(suffix)) {
        unit = suffix;
      } else {
        this.error(`invalid number '${source.slice(start, this.pos)}': names cannot start with a digit`, start);
      }
    }
    return {
      kind: 'number', text: source.slice(start, this.pos), value, isFloat, unit,
      span: this.spanFrom(start), newlineBefore: this.sawNewline,
    };
  }

  // ---- punctuation ---------------------------------------------------------------------------

  private scanPunctuator(): Token | null {
    const source = this.source;
    const start = this.pos;
    const pos = this.pos;
    const candidates = PUNCTUATORS_BY_FIRST_CHAR[source.charCodeAt(pos)];
    if (candidates !== undefined) {
      for (const candidate of candidates) {
        const length = candidate.length;
        if (length > 1 && source.charCodeAt(pos + 1) !== candidate.charCodeAt(1)) continue;
        if (length > 2 && source.charCodeAt(pos + 2) !== candidate.charCodeAt(2)) continue;
        this.pos = pos + length;
        return { kind: 'punctuator', text: candidate, span: this.spanFrom(start), newlineBefore: this.sawNewline };
      }
    }
    this.skipUnknownCharacters();
    const text = source.slice(start, this.pos);
    this.error(`unexpected character${text.length > 1 ? 's' : ''} '${printable(text)}'`, start,
      text === '#' ? "'#' only starts an interpolation '#{...}' inside a string; comments use '//'" : undefined);
    return null;
  }

  /** Skips a run of characters that cannot start any token, so a run yields one diagnostic. */
  private skipUnknownCharacters(): void {
    const UNKNOWN_RUN_MAX_CHARS = 16;
    const start = this.pos;
    do {
      const point = this.source.codePointAt(this.pos) ?? 0;
      this.pos += point > 0xffff ? 2 : 1;
    } while (this.pos - start < UNKNOWN_RUN_MAX_CHARS && this.cannotStartToken(this.pos));
  }

  private cannotStartToken(offset: number): boolean {
    const source = this.source;
    if (offset >= source.length) return false;
    const code = source.charCodeAt(offset);
    if (code <= CH_SPACE || isInlineWhitespace(code) || isAsciiLetter(code) || isDigit(code)
      || code === CH_UNDERSCORE || code === CH_DQUOTE || code === CH_SQUOTE) return false;
    if (code < FIRST_NON_ASCII) return !PUNCTUATOR_SET.has(source[offset] ?? '');
    return !this.startsUnicodeIdentifierAt(offset);
  }

  // ---- strings -------------------------------------------------------------------------------

  private stringShapeAt(offset: number): StringShape {
    const quote = this.source.charCodeAt(offset);
    const triple = quote === CH_DQUOTE
      && this.source.charCodeAt(offset + 1) === CH_DQUOTE
      && this.source.charCodeAt(offset + 2) === CH_DQUOTE;
    return { quote, triple };
  }

  /** Whether the closing delimiter of `shape` starts at the current position. */
  private atStringEnd(shape: StringShape): boolean {
    const source = this.source;
    if (source.charCodeAt(this.pos) !== shape.quote) return false;
    return !shape.triple
      || (source.charCodeAt(this.pos + 1) === shape.quote && source.charCodeAt(this.pos + 2) === shape.quote);
  }

  /** Scans a `"..."`, `'...'` or `"""..."""` string whose token starts at offset `start`. */
  private scanString(start: number): Token {
    const source = this.source;
    const shape = this.stringShapeAt(this.pos);
    const delimiterLength = shape.triple ? 3 : 1;
    this.pos += delimiterLength;
    const bodyStart = this.pos;
    const segments: StringSegment[] = [];
    let text = '';
    let textStart = this.pos;
    let closed = false;
    let brokenAcrossLines = false;
    while (this.pos < source.length) {
      const runStart = this.pos;
      let pos = runStart;
      let code = source.charCodeAt(pos);
      // Plain characters are copied as one slice per run.
      while (code !== shape.quote && code !== CH_BACKSLASH && code !== CH_HASH && code !== CH_LF && code !== CH_CR
        && pos < source.length) {
        code = source.charCodeAt(++pos);
      }
      this.pos = pos;
      if (pos > runStart) text += source.slice(runStart, pos);
      if (this.pos >= source.length) break;
      if (this.atStringEnd(shape)) {
        closed = true;
        break;
      }
      if (code === CH_LF || code === CH_CR) {
        if (!shape.triple && !brokenAcrossLines) {
          brokenAcrossLines = this.laterLineClosesString(shape.quote);
          if (!brokenAcrossLines) break;
        }
        text += source[this.pos] === '\r' && source[this.pos + 1] === '\n' ? '\r\n' : source[this.pos];
        this.consumeNewline();
      } else if (code === CH_BACKSLASH) {
        text += this.scanEscape();
      } else if (code === CH_HASH && source.charCodeAt(this.pos + 1) === CH_LBRACE
        && this.interpolationDepth < MAX_INTERPOLATION_DEPTH) {
        if (text.length > 0) segments.push({ kind: 'text', value: text, span: this.spanFrom(textStart) });
        text = '';
        segments.push(this.scanInterpolation());
        textStart = this.pos;
      } else if (code === CH_HASH && source.charCodeAt(this.pos + 1) === CH_LBRACE) {
        this.error(`interpolation nested too deeply: more than ${MAX_INTERPOLATION_DEPTH} levels of '#{'`, this.pos);
        text += '#{';
        this.pos += 2;
      } else {
        text += source[this.pos];
        this.pos++;
      }
    }
    const bodyEnd = this.pos;
    if (text.length > 0) segments.push({ kind: 'text', value: text, span: this.spanFrom(textStart) });
    if (closed) {
      this.pos += delimiterLength;
    }
    if (!closed || brokenAcrossLines) {
      const what = shape.triple ? "'\"\"\"'" : shape.quote === CH_DQUOTE ? "'\"'" : "\"'\"";
      this.error(`unterminated string: expected ${what} before the end of the ${shape.triple ? 'file' : 'line'}`, start,
        shape.triple ? undefined : 'a string that spans several lines is written """like this"""');
    }
    return {
      kind: 'string', text: source.slice(start, this.pos), segments, triple: shape.triple,
      rawBody: source.slice(bodyStart, bodyEnd), span: this.spanFrom(start), newlineBefore: this.sawNewline,
    };
  }

  /**
   * At the line break inside a `"..."` string: whether one of the next few lines ends the string,
   * i.e. its first quote is followed only by closing punctuation or a comment. Then the string
   * was merely written across lines (an error, reported once) and is read up to that quote,
   * instead of every following line being misread as code.
   */
  private laterLineClosesString(quote: number): boolean {
    const source = this.source;
    const MAX_CONTINUATION_LINES = 8;
    let pos = this.pos;
    for (let line = 0; line < MAX_CONTINUATION_LINES; line++) {
      pos += source.charCodeAt(pos) === CH_CR && source.charCodeAt(pos + 1) === CH_LF ? 2 : 1;
      let code = source.charCodeAt(pos);
      while (pos < source.length && code !== quote && code !== CH_LF && code !== CH_CR) {
        pos += code === CH_BACKSLASH ? 2 : 1;
        code = source.charCodeAt(pos);
      }
      if (pos >= source.length) return false;
      if (code === quote) return onlyClosersFollow(source, pos + 1);
    }
    return false;
  }

  /** Reads one escape sequence at a backslash and returns the text it stands for. */
  private scanEscape(): string {
    const source = this.source;
    const start = this.pos;
    const next = source[this.pos + 1];
    if (next === undefined) {
      this.pos++;
      return '\\';
    }
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      this.pos += 2;
      return simple;
    }
    if (next === 'u') {
      const braced = source[this.pos + 2] === '{';
      const digitsStart = this.pos + (braced ? 3 : 2);
      let digitsEnd = digitsStart;
      const HEX_DIGITS_MAX = braced ? 6 : 4;
      while (digitsEnd - digitsStart < HEX_DIGITS_MAX && /[0-9a-fA-F]/.test(source[digitsEnd] ?? '')) digitsEnd++;
      const closeOk = !braced || source[digitsEnd] === '}';
      const countOk = braced ? digitsEnd > digitsStart : digitsEnd - digitsStart === HEX_DIGITS_MAX;
      const point = Number.parseInt(source.slice(digitsStart, digitsEnd), 16);
      const MAX_CODE_POINT = 0x10ffff;
      if (closeOk && countOk && point <= MAX_CODE_POINT) {
        this.pos = digitsEnd + (braced ? 1 : 0);
        return String.fromCodePoint(point);
      }
      this.pos = Math.max(digitsEnd, this.pos + 2);
      this.error("invalid unicode escape: use '\\u' with 4 hex digits or '\\u{...}'", start);
      return '';
    }
    if (next === '\n' || next === '\r') {
      // A backslash at the end of a line continues the string on the next line.
      this.pos++;
      this.consumeNewline();
      return '';
    }
    // Unknown escapes keep their backslash, as the reference implementation does (`\d` in prompts).
    this.pos += 2;
    return `\\${next}`;
  }

  /** Scans `#{ ... }` at the current position into its own token list. */
  private scanInterpolation(): StringSegment {
    const start = this.pos;
    this.pos += 2;
    const tokens: Token[] = [];
    const savedNewline = this.sawNewline;
    this.sawNewline = false;
    this.interpolationDepth++;
    const closed = this.scanInterpolationTokens(tokens);
    this.interpolationDepth--;
    tokens.push(closed ? this.interpolationEndToken() : this.eofToken());
    if (closed) {
      this.pos++;
    } else {
      this.error("unterminated interpolation: '#{' is never closed by '}'", start);
    }
    this.sawNewline = savedNewline;
    return { kind: 'interpolation', tokens, span: this.spanFrom(start) };
  }

  /** Scans the body of `r"..."` verbatim (a `\"` does not end it). */
  private scanRegex(start: number): Token {
    const source = this.source;
    this.pos++;
    const bodyStart = this.pos;
    let closed = false;
    while (this.pos < source.length) {
      const code = source.charCodeAt(this.pos);
      if (code === CH_DQUOTE) {
        closed = true;
        break;
      }
      if (code === CH_LF || code === CH_CR) break;
      this.pos += code === CH_BACKSLASH && this.pos + 1 < source.length
        && source.charCodeAt(this.pos + 1) !== CH_LF ? 2 : 1;
    }
    const pattern = source.slice(bodyStart, this.pos);
    if (closed) this.pos++;
    else this.error("unterminated regex literal: expected '\"' before the end of the line", start);
    return {
      kind: 'regex', text: source.slice(start, this.pos), pattern,
      span: this.spanFrom(start), newlineBefore: this.sawNewline,
    };
  }

  /** Scans `template"""..."""` (or `template"..."`) keeping the body verbatim. */
  private scanTemplate(start: number): Token {
    const source = this.source;
    const shape = this.stringShapeAt(this.pos);
    const delimiterLength = shape.triple ? 3 : 1;
    this.pos += delimiterLength;
    const bodyStart = this.pos;
    let closed = false;
    while (this.pos < source.length) {
      if (this.atStringEnd(shape)) {
        closed = true;
        break;
      }
      const code = source.charCodeAt(this.pos);
      if (code === CH_LF || code === CH_CR) {
        if (!shape.triple) break;
        this.consumeNewline();
      } else {
        const escapesNext = code === CH_BACKSLASH && this.pos + 1 < source.length
          && source.charCodeAt(this.pos + 1) !== CH_LF && source.charCodeAt(this.pos + 1) !== CH_CR;
        this.pos += escapesNext ? 2 : 1;
      }
    }
    const body = source.slice(bodyStart, Math.min(this.pos, source.length));
    if (closed) this.pos += delimiterLength;
    else this.error('unterminated template literal', start);
    return {
      kind: 'template', text: source.slice(start, this.pos), body,
      span: this.spanFrom(start), newlineBefore: this.sawNewline,
    };
  }
}

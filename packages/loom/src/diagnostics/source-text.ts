/**
 * Turning source text into what a terminal shows: lines without their terminators, tabs
 * expanded, and a map from UTF-16 columns (what spans count) to screen columns (where a
 * caret has to go).
 */

import { SourceFile } from '../syntax/spans.js';

const TAB_STOP_COLUMNS = 4;
const WIDE_CHARACTER_COLUMNS = 2;
const REPLACEMENT_CHARACTER = '\uFFFD';
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * A file's text with the offsets at which its lines begin, found in one pass, so that a code
 * frame reads only its own few lines. Splitting the whole text for every diagnostic made a
 * report quadratic: 13,000 warnings on a 5 MB file took minutes to print.
 *
 * The offsets are kept in the table spans use (syntax/spans.ts) and counted by the lexer's rule:
 * `\n`, `\r\n` and a lone `\r` each end a line, so a frame shows the line a span's number names.
 */
export class SourceLines {
  private readonly lineStarts: SourceFile;

  constructor(private readonly text: string) {
    this.lineStarts = new SourceFile('');
    for (let offset = 0; offset < text.length; offset++) {
      const code = text.charCodeAt(offset);
      if (code === CARRIAGE_RETURN && text.charCodeAt(offset + 1) === LINE_FEED) offset++;
      if (code === LINE_FEED || code === CARRIAGE_RETURN) this.lineStarts.addLineStart(offset + 1);
    }
  }

  get count(): number {
    return this.lineStarts.lineCount;
  }

  /** Line `lineNumber` (1-based) without its terminator; `undefined` outside the text. */
  line(lineNumber: number): string | undefined {
    const start = this.lineStarts.lineStart(lineNumber);
    if (start === undefined) return undefined;
    const next = this.lineStarts.lineStart(lineNumber + 1);
    if (next === undefined) return this.text.slice(start);
    const terminatorLength = this.text.charCodeAt(next - 1) === LINE_FEED && this.text.charCodeAt(next - 2) === CARRIAGE_RETURN ? 2 : 1;
    return this.text.slice(start, Math.max(start, next - terminatorLength));
  }
}

/** Inclusive ranges of code points that terminals draw two columns wide (CJK, Hangul, fullwidth forms). */
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
];

function isWide(codePoint: number): boolean {
  return WIDE_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/** Screen columns taken by one printable character. */
function characterWidth(codePoint: number): number {
  // Characters outside the basic plane are mostly emoji and CJK extensions: both wide.
  return codePoint > 0xffff || isWide(codePoint) ? WIDE_CHARACTER_COLUMNS : 1;
}

function isControl(codePoint: number): boolean {
  return codePoint < 0x20 || codePoint === 0x7f;
}

export interface DisplayLine {
  /** The line as printed: tabs expanded, other control characters replaced. */
  readonly text: string;
  readonly width: number;
  /** Screen column (0-based) where the code unit at `index` starts; past the end it keeps counting. */
  columnAt(index: number): number;
}

export function toDisplayLine(raw: string): DisplayLine {
  const startColumns: number[] = [];
  let text = '';
  let column = 0;
  let index = 0;
  while (index < raw.length) {
    const codePoint = raw.codePointAt(index) ?? 0;
    const units = codePoint > 0xffff ? 2 : 1;
    for (let unit = 0; unit < units; unit++) startColumns.push(column);
    if (raw[index] === '\t') {
      const width = TAB_STOP_COLUMNS - (column % TAB_STOP_COLUMNS);
      text += ' '.repeat(width);
      column += width;
    } else if (isControl(codePoint)) {
      text += REPLACEMENT_CHARACTER;
      column += 1;
    } else {
      text += String.fromCodePoint(codePoint);
      column += characterWidth(codePoint);
    }
    index += units;
  }
  const width = column;
  return {
    text,
    width,
    columnAt: (at) => (at < startColumns.length ? (startColumns[Math.max(0, at)] ?? 0) : width + (at - raw.length)),
  };
}

/**
 * The part of a display line between screen columns `[from, to)`. A wide character cut by
 * either edge becomes spaces so that everything after it stays aligned with the carets.
 */
export function sliceColumns(line: DisplayLine, from: number, to: number): string {
  let slice = '';
  let column = 0;
  for (const character of line.text) {
    const width = characterWidth(character.codePointAt(0) ?? 0);
    const end = column + width;
    if (column >= from && end <= to) slice += character;
    else if (end > from && column < to) slice += ' '.repeat(Math.min(end, to) - Math.max(column, from));
    column = end;
    if (column >= to) break;
  }
  return slice;
}

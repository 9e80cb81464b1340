import type { Diagnostic } from '../diagnostic.js';
import type { Span } from '../language/span.js';
import { paletteFor } from './colour.js';
import { SourceLines, sliceColumns, toDisplayLine } from './source-text.js';

/** What the renderer needs of a finding: a Diagnostic, or a lint warning with its W-code. */
export type RenderableFinding = Omit<Diagnostic, 'code'> & { readonly code: string };

export interface RenderOptions {
  /** ANSI colours; decide with `shouldUseColour` for the stream the text goes to. */
  readonly colour: boolean;
}

/** Longer lines are cut to a window around the span so the caret row stays readable. */
const MAX_SOURCE_WIDTH_COLUMNS = 120;
/** How much of a cut line is kept to the left of the span, for context. */
const CONTEXT_BEFORE_SPAN_COLUMNS = 40;
/** A span over more lines than this shows its first lines, an elision mark and its last line. */
const MAX_SPAN_LINES_SHOWN = 4;
const LEADING_SPAN_LINES_SHOWN = 2;
const ELLIPSIS = '...';

interface Underline {
  readonly offset: number;
  readonly length: number;
}

type FrameRow =
  | { readonly kind: 'source'; readonly lineNumber: number; readonly text: string; readonly underline?: Underline }
  | { readonly kind: 'elided' };

/**
 * A diagnostic as the compiler prints it:
 *
 *     Error E001: Undeclared identifier 'Writer'
 *       --> flows/main.nx:12:5
 *        |
 *     12 |     Writer.run(x)
 *        |     ^^^^^^
 *        = help: declare the agent before the flow
 *
 * `source` is the text of `diagnostic.span.file`; without it only the location is printed.
 * Several diagnostics go through `renderDiagnostics`, which reads each file only once.
 */
export function renderDiagnostic(diagnostic: RenderableFinding, source: string | undefined, options: RenderOptions): string {
  return renderWithLines(diagnostic, source === undefined ? undefined : new SourceLines(source), options);
}

function renderWithLines(diagnostic: RenderableFinding, lines: SourceLines | undefined, options: RenderOptions): string {
  const palette = paletteFor(options.colour);
  const highlight = diagnostic.severity === 'error' ? palette.error : palette.warning;
  const label = diagnostic.severity === 'error' ? 'Error' : 'Warning';
  const { span } = diagnostic;

  const rows = lines === undefined ? [] : frameRows(span, lines);
  const lineNumbers = rows.flatMap((row) => (row.kind === 'source' ? [row.lineNumber] : []));
  const gutterWidth = String(Math.max(span.start.line, ...lineNumbers)).length;
  const pad = ' '.repeat(gutterWidth);
  const bar = `${pad} ${palette.gutter('|')}`;

  const out = [
    `${highlight(`${label} ${diagnostic.code}`)}${palette.emphasis(`: ${diagnostic.message}`)}`,
    `${pad}${palette.gutter('-->')} ${span.file}:${span.start.line}:${span.start.column}`,
  ];
  if (rows.length > 0) out.push(bar);
  for (const row of rows) {
    if (row.kind === 'elided') {
      out.push(palette.gutter(ELLIPSIS));
      continue;
    }
    const number = palette.gutter(`${String(row.lineNumber).padStart(gutterWidth)} |`);
    out.push(row.text === '' ? number : `${number} ${row.text}`);
    if (row.underline !== undefined) {
      const { offset, length } = row.underline;
      out.push(`${bar} ${' '.repeat(offset)}${highlight('^'.repeat(length))}`);
    }
  }
  if (diagnostic.hint !== undefined) out.push(`${pad} ${palette.gutter('=')} ${palette.help('help')}: ${diagnostic.hint}`);
  return out.join('\n');
}

/** The source rows of a span, each with the carets under the part of it the span covers. */
function frameRows(span: Span, lines: SourceLines): FrameRow[] {
  const first = span.start.line;
  if (first < 1 || first > lines.count) return [];
  // A half-open span ending at column 1 stops at the end of the previous line.
  const endsAtLineStart = span.end.line > first && span.end.column === 1;
  const last = Math.min(lines.count, Math.max(first, endsAtLineStart ? span.end.line - 1 : span.end.line));

  const rowFor = (lineNumber: number): FrameRow => {
    const raw = lines.line(lineNumber) ?? '';
    const from = lineNumber === first ? span.start.column - 1 : raw.length - raw.trimStart().length;
    const to = lineNumber === last && !endsAtLineStart ? span.end.column - 1 : raw.length;
    return sourceRow(lineNumber, raw, from, to, first === last);
  };

  const count = last - first + 1;
  if (count <= MAX_SPAN_LINES_SHOWN) {
    return Array.from({ length: count }, (_, index) => rowFor(first + index));
  }
  const leading = Array.from({ length: LEADING_SPAN_LINES_SHOWN }, (_, index) => rowFor(first + index));
  return [...leading, { kind: 'elided' }, rowFor(last)];
}

/**
 * One source line with carets under code units `[from, to)`. A single-line span always gets at
 * least one caret (an empty span, or one at the end of the file, still marks a place); the
 * inner lines of a multi-line span get none when they are blank.
 */
function sourceRow(lineNumber: number, raw: string, from: number, to: number, singleLine: boolean): FrameRow {
  const line = toDisplayLine(raw);
  const startColumn = line.columnAt(from);
  const endColumn = line.columnAt(Math.max(from, to));
  const caretEnd = singleLine ? Math.max(endColumn, startColumn + 1) : endColumn;

  if (line.width <= MAX_SOURCE_WIDTH_COLUMNS) {
    const underline = caretEnd > startColumn ? { offset: startColumn, length: caretEnd - startColumn } : undefined;
    return { kind: 'source', lineNumber, text: line.text.trimEnd(), underline };
  }

  const windowStart = Math.max(0, Math.min(startColumn - CONTEXT_BEFORE_SPAN_COLUMNS, line.width - MAX_SOURCE_WIDTH_COLUMNS));
  const windowEnd = windowStart + MAX_SOURCE_WIDTH_COLUMNS;
  const prefix = windowStart > 0 ? ELLIPSIS : '';
  const suffix = windowEnd < line.width ? ELLIPSIS : '';
  const text = `${prefix}${sliceColumns(line, windowStart, windowEnd)}${suffix}`;
  const visibleEnd = Math.min(caretEnd, windowEnd);
  const underline =
    visibleEnd > startColumn
      ? { offset: prefix.length + startColumn - windowStart, length: visibleEnd - startColumn }
      : undefined;
  return { kind: 'source', lineNumber, text, underline };
}

/**
 * Several diagnostics, one blank line apart; `sourceOf` gives the text of each file. Each file
 * is asked for and indexed once, so the time taken grows with the report, not with the number
 * of diagnostics times the size of the file.
 */
export function renderDiagnostics(
  diagnostics: readonly RenderableFinding[],
  sourceOf: (file: string) => string | undefined,
  options: RenderOptions,
): string {
  const indexed = new Map<string, SourceLines | undefined>();
  const linesOf = (file: string): SourceLines | undefined => {
    if (!indexed.has(file)) {
      const source = sourceOf(file);
      indexed.set(file, source === undefined ? undefined : new SourceLines(source));
    }
    return indexed.get(file);
  };
  return diagnostics.map((diagnostic) => renderWithLines(diagnostic, linesOf(diagnostic.span.file), options)).join('\n\n');
}

/**
 * Generated JavaScript is built as a tree of fragments rather than a flat string so that every
 * piece can remember the `.nx` span it came from; writing the tree out yields the text and its
 * source map together, with indentation applied after each newline.
 */
import type { Span } from '../language/span.js';
import type { Mapping } from './source-map.js';

export type Code = string | readonly Code[] | LocatedCode | IndentedCode;

interface LocatedCode {
  readonly span: Span;
  readonly code: Code;
}

interface IndentedCode {
  readonly indented: Code;
}

/** Code that came from `span`: errors raised while it runs are reported there. */
export function at(span: Span, ...code: Code[]): Code {
  return { span, code };
}

export function indented(...code: Code[]): Code {
  return { indented: code };
}

/** `items` separated by `separator`. A loop, not flatMap: that made a pair array per item. */
export function joinCode(items: readonly Code[], separator: Code): Code[] {
  const joined: Code[] = [];
  for (const item of items) {
    if (joined.length > 0) joined.push(separator);
    joined.push(item);
  }
  return joined;
}

/** A block body: `{`, one statement per line indented, `}`. */
export function braces(statements: readonly Code[]): Code {
  if (statements.length === 0) return '{}';
  return ['{', indented(statements.map((statement) => ['\n', statement])), '\n}'];
}

/** A JavaScript string literal for `text`. */
export function quote(text: string): string {
  return JSON.stringify(text);
}

/**
 * `text` as the key of a JavaScript object literal. A plain `"__proto__": v` would set the
 * object's prototype instead of a key; the computed form makes it an own key like any other.
 */
export function propertyKey(text: string): string {
  return text === '__proto__' ? `[${quote(text)}]` : quote(text);
}

const INDENT_UNIT = '  ';

export interface WrittenCode {
  readonly text: string;
  readonly mappings: readonly Mapping[];
  /** The files the mappings' `sourceIndex` refers to. */
  readonly sources: readonly string[];
}

export function writeCode(root: Code): WrittenCode {
  const parts: string[] = [];
  const mappings: Mapping[] = [];
  const sources: string[] = [];
  const sourceIndexes = new Map<string, number>();
  let line = 0;
  let column = 0;
  let depth = 0;

  let atLineStart = false;

  // Indentation is written lazily so that it follows the depth of the code after the newline.
  const startLine = (): void => {
    if (!atLineStart) return;
    atLineStart = false;
    const indentation = INDENT_UNIT.repeat(depth);
    parts.push(indentation);
    column = indentation.length;
  };

  const mark = (span: Span): void => {
    startLine();
    let sourceIndex = sourceIndexes.get(span.file);
    if (sourceIndex === undefined) {
      sourceIndex = sources.push(span.file) - 1;
      sourceIndexes.set(span.file, sourceIndex);
    }
    const mapping = { generatedLine: line, generatedColumn: column, sourceIndex, sourceLine: span.start.line - 1, sourceColumn: span.start.column - 1 };
    const last = mappings[mappings.length - 1];
    // Several fragments may start at one position; the innermost (last written) wins.
    if (last !== undefined && last.generatedLine === line && last.generatedColumn === column) mappings[mappings.length - 1] = mapping;
    else mappings.push(mapping);
  };

  const writeText = (text: string): void => {
    text.split('\n').forEach((piece, index) => {
      if (index > 0) {
        parts.push('\n');
        line += 1;
        column = 0;
        atLineStart = true;
      }
      if (piece === '') return;
      startLine();
      parts.push(piece);
      column += piece.length;
    });
  };

  const write = (code: Code, enclosing: Span | undefined): void => {
    if (typeof code === 'string') writeText(code);
    else if ('indented' in code) {
      depth += 1;
      write(code.indented, enclosing);
      depth -= 1;
    } else if ('span' in code) {
      mark(code.span);
      write(code.code, code.span);
      // Text after a nested fragment belongs to the enclosing one again.
      if (enclosing !== undefined) mark(enclosing);
    } else for (const part of code) write(part, enclosing);
  };

  write(root, undefined);
  return { text: parts.join(''), mappings, sources };
}

import { readFileSync } from 'node:fs';
import type { Diagnostic } from './diagnostic.js';
import { parse } from './syntax/parser.js';
import type { Program } from './syntax/ast.js';

export interface CheckOptions {
  /** Also warn about flow parameters, results and variables that carry no type annotation. */
  readonly warnUntyped?: boolean;
}

export interface CheckResult {
  readonly file: string;
  /** The text that was checked, for rendering code frames. */
  readonly source: string;
  readonly program: Program;
  /** Syntax and semantic findings, in source order. */
  readonly diagnostics: readonly Diagnostic[];
}

/** The input file does not exist or cannot be read; nothing was compiled. */
export class SourceUnreadableError extends Error {
  override readonly name = 'SourceUnreadableError';
}

const UTF8_BYTE_ORDER_MARK = '\uFEFF';

const READ_FAILURE_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

function readSource(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = READ_FAILURE_REASONS[code] ?? (error as Error).message;
    throw new SourceUnreadableError(`cannot read '${path}': ${reason}`, { cause: error });
  }
  // Editors on Windows may save a byte order mark; it is not source and would shift line 1 columns.
  return text.startsWith(UTF8_BYTE_ORDER_MARK) ? text.slice(UTF8_BYTE_ORDER_MARK.length) : text;
}

/** Parses and checks one .nx file without running it: the front end of validate, lint, build and run. */
export function checkFile(path: string, options: CheckOptions = {}): CheckResult {
  return checkSource(readSource(path), path, options);
}

export function checkSource(source: string, file: string, _options: CheckOptions = {}): CheckResult {
  const { program, diagnostics } = parse(source, file);
  return { file, source, program, diagnostics: inSourceOrder(diagnostics) };
}

function inSourceOrder(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => a.span.file.localeCompare(b.span.file) || a.span.start.offset - b.span.start.offset,
  );
}

/** Shared helpers for the checker tests: check in-memory programs and list findings compactly. */
import assert from 'node:assert/strict';
import { normalize } from 'node:path';
import { check } from '../../src/check/checker.js';
import type { Diagnostic } from '../../src/diagnostic.js';
import { parse } from '../../src/syntax/parser.js';

export const ENTRY = 'main.nx';

/** Other files of the program, by path relative to the entry's directory. */
export type SourceFiles = Readonly<Record<string, string>>;

export function readFrom(files: SourceFiles): (path: string) => string | undefined {
  return (path) => files[normalize(path)];
}

/** Parses and checks `source` as main.nx; fails on syntax errors so a test cannot pass by accident. */
export function checkDiagnostics(source: string, files: SourceFiles = {}): Diagnostic[] {
  const { program, diagnostics } = parse(source, ENTRY);
  assert.deepEqual(diagnostics.map(describe), [], 'the test program itself must parse cleanly');
  return check(program, { readFile: readFrom(files) });
}

/** The findings of `source` as `line:column CODE message` (with `file:` first outside main.nx). */
export function findings(source: string, files: SourceFiles = {}): string[] {
  return checkDiagnostics(source, files).map(describe);
}

export function describe(diagnostic: Diagnostic): string {
  const { file, start } = diagnostic.span;
  const where = file === ENTRY ? '' : `${file}:`;
  return `${where}${start.line}:${start.column} ${diagnostic.code} ${diagnostic.message}`;
}

/** The one finding of `source`, failing unless there is exactly one. */
export function onlyFinding(source: string, files: SourceFiles = {}): Diagnostic {
  const diagnostics = checkDiagnostics(source, files);
  assert.equal(diagnostics.length, 1, `expected one finding, got:\n${diagnostics.map(describe).join('\n')}`);
  return diagnostics[0] as Diagnostic;
}

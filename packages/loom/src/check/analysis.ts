/**
 * The analysis both the checker and the linter start from: the program with its includes
 * expanded, its global declarations bound, and every name resolved.
 */
import type { Program } from '../syntax/ast.js';
import type { BindResult } from './binder.js';
import { bindGlobals } from './binder.js';
import type { ExpandedProgram, ReadSourceFile } from './includes.js';
import { expandIncludes } from './includes.js';
import type { Resolution } from './resolver.js';
import { resolveNames } from './resolver.js';
import { walk } from './walk.js';

export interface AnalysisOptions {
  /** Reads an included file by path; `undefined` when it is missing or unreadable. */
  readonly readFile: ReadSourceFile;
}

export interface Analysis {
  readonly expanded: ExpandedProgram;
  readonly bound: BindResult;
  readonly resolution: Resolution;
}

/**
 * The last analysis of each program, with the reader it was made with. `loom lint` checks and
 * then lints the same program: the second asks for the same analysis, and working it out
 * again would read and parse every included file a second time. A new reader (each checkFile
 * call makes one) means files may have changed, so the analysis is made afresh.
 */
const analyses = new WeakMap<Program, { readonly readFile: ReadSourceFile; readonly analysis: Analysis }>();

export function analyze(program: Program, options: AnalysisOptions): Analysis {
  const earlier = analyses.get(program);
  if (earlier?.readFile === options.readFile) return earlier.analysis;
  const analysis = analyzeAfresh(program, options);
  analyses.set(program, { readFile: options.readFile, analysis });
  return analysis;
}

function analyzeAfresh(program: Program, options: AnalysisOptions): Analysis {
  const expanded = expandIncludes(program, options.readFile);
  const bound = bindGlobals(expanded.items);
  let recoveredFromSyntaxErrors: boolean | undefined;
  const quietUndeclared = (): boolean => {
    recoveredFromSyntaxErrors ??= expanded.units.some((unit) => showsSyntaxRecovery(unit.program));
    return recoveredFromSyntaxErrors;
  };
  const resolution = resolveNames(expanded.items, bound.globals, { quietUndeclared });
  return { expanded, bound, resolution };
}

/** The parser marks what it could not read with Error nodes and nameless placeholder names. */
function showsSyntaxRecovery(program: Program): boolean {
  let found = false;
  walk(program, (node) => {
    if (node.kind === 'Error' || (node.kind === 'Identifier' && node.name === '')) found = true;
    return !found;
  });
  return found;
}

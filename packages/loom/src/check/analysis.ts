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
import { walk } from '../syntax/walk.js';

export interface AnalysisOptions {
  /** Reads an included file by path; `undefined` when it is missing or unreadable. */
  readonly readFile: ReadSourceFile;
}

export interface Analysis {
  readonly expanded: ExpandedProgram;
  readonly bound: BindResult;
  readonly resolution: Resolution;
}

export function analyze(program: Program, options: AnalysisOptions): Analysis {
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

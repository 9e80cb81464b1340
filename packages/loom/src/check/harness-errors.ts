/**
 * The error types of `catch_correction(e: T)` and `on_error(e: T)`: a name of
 * language/harness.ts, or several joined by `|`. They are not types of values, so the resolver
 * leaves them to this reading; the code generator reads them the same way.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { HARNESS_ERROR_TYPES } from '../language/harness.js';
import { suggestionHint } from '../language/suggest.js';
import type { TypeExpression } from '../syntax/ast.js';
import { plainTypeName, unionMembers } from '../syntax/written-names.js';

export interface ErrorTypes {
  /** The names written, or null when no type is written (every error). */
  readonly names: readonly string[] | null;
  readonly problems: readonly Diagnostic[];
}

export function readErrorTypes(type: TypeExpression | null, form: string): ErrorTypes {
  if (type === null) return { names: null, problems: [] };
  const names: string[] = [];
  const problems: Diagnostic[] = [];
  const known = [...HARNESS_ERROR_TYPES.keys()];
  for (const member of unionMembers(type)) {
    const name = plainTypeName(member);
    if (name !== null && HARNESS_ERROR_TYPES.has(name)) {
      names.push(name);
      continue;
    }
    const suggestion = name === null ? undefined : suggestionHint(name, known);
    problems.push(diagnostic('E002', member.span, `${form} catches the error types ${known.join(', ')}, not ${name === null ? 'this type' : `'${name}'`}`, suggestion === undefined ? {} : { hint: suggestion }));
  }
  return { names, problems };
}

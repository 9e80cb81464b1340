/**
 * Names declared inside one declaration — protocol and struct fields, enum variants, trait and
 * impl methods — must be distinct: a second one is E005 at its name, pointing at the first.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Identifier } from '../syntax/ast.js';
import { formatPosition } from './positions.js';

export function duplicateMembers(members: readonly { readonly name: Identifier }[], noun: string, owner: string): Diagnostic[] {
  const seen = new Map<string, Identifier>();
  const diagnostics: Diagnostic[] = [];
  for (const { name } of members) {
    const first = seen.get(name.name);
    if (!first) {
      seen.set(name.name, name);
      continue;
    }
    diagnostics.push(diagnostic('E005', name.span, undefined, {
      subject: `of ${noun} '${name.name}' in ${owner}`,
      hint: `'${name.name}' is already declared at ${formatPosition(first.span)}`,
    }));
  }
  return diagnostics;
}

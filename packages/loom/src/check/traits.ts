/**
 * `impl Trait for Type` must provide every method the trait declares — a missing one is
 * EA03, the registry's "trait implementation missing", found here before anything runs —
 * and no method the trait does not declare (E002: the impl does not match its trait).
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { ImplDeclaration } from '../syntax/ast.js';
import type { GlobalTable } from './binder.js';

export function checkImpl(impl: ImplDeclaration, globals: GlobalTable): Diagnostic[] {
  const trait = globals.lookup(impl.trait.name)?.declaration;
  if (trait?.kind !== 'TraitDeclaration') return [];
  const required = new Set(trait.methods.map((method) => method.name.name));
  const provided = new Set(impl.methods.map((method) => method.name.name));
  const diagnostics: Diagnostic[] = impl.methods
    .filter((method) => !required.has(method.name.name))
    .map((method) => diagnostic('E002', method.name.span, `trait '${trait.name.name}' has no method '${method.name.name}'`, {
      hint: required.size > 0 ? `its methods are ${[...required].join(', ')}` : `it declares no methods`,
    }));
  const missing = [...required].filter((name) => !provided.has(name));
  if (missing.length > 0) {
    const list = missing.map((name) => `'${name}'`).join(', ');
    diagnostics.push(diagnostic('EA03', impl.trait.span, `impl of '${trait.name.name}' for '${impl.target.name}' lacks ${list}`, {
      hint: `add ${missing.map((name) => `fn ${name}(...)`).join(', ')} to the impl`,
    }));
  }
  return diagnostics;
}

/**
 * `impl Trait for Type` must provide every method the trait declares — a missing one is
 * EA03, the registry's "trait implementation missing", found here before anything runs —
 * and no method the trait does not declare (E002: the impl does not match its trait).
 */
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
    .map((method) => ({
      code: 'E002',
      severity: 'error',
      message: `Type mismatch: trait '${trait.name.name}' has no method '${method.name.name}'`,
      span: method.name.span,
      hint: required.size > 0 ? `its methods are ${[...required].join(', ')}` : `it declares no methods`,
    }));
  const missing = [...required].filter((name) => !provided.has(name));
  if (missing.length > 0) {
    const list = missing.map((name) => `'${name}'`).join(', ');
    diagnostics.push({
      code: 'EA03',
      severity: 'error',
      message: `Trait implementation missing: impl of '${trait.name.name}' for '${impl.target.name}' lacks ${list}`,
      span: impl.trait.span,
      hint: `add ${missing.map((name) => `fn ${name}(...)`).join(', ')} to the impl`,
    });
  }
  return diagnostics;
}

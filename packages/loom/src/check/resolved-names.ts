/**
 * What name resolution found, kept for the stages after the checker. The emitter reads it
 * instead of resolving names again, so check and emit can never disagree on scoping: a read
 * of a name becomes the local, global or builtin the checker resolved it to, and a function's
 * locals are the bindings of the scope the checker built for its body.
 */
import type { Identifier, Node, TemplateLiteral } from '../syntax/ast.js';
import { isBuiltinName } from '../language/builtins.js';
import type { GlobalSymbol, GlobalTable } from './binder.js';
import type { LocalBinding, Scope } from './scope.js';

/** What a name read in a body stands for. */
export type NameReference =
  | { readonly kind: 'local'; readonly binding: LocalBinding }
  | { readonly kind: 'global'; readonly symbol: GlobalSymbol }
  /** A builtin function or value, `std` included, that no declaration shadows. */
  | { readonly kind: 'builtin' }
  /** Reported as E001 (or left unreported after syntax errors); such a program never runs. */
  | { readonly kind: 'unresolved' };

/** The one rule of lookup: the innermost local, then a global declaration, then a builtin. */
export function lookupName(name: string, scope: Scope | null, globals: GlobalTable): NameReference {
  const binding = scope?.lookup(name);
  if (binding) return { kind: 'local', binding };
  const symbol = globals.lookup(name);
  if (symbol) return { kind: 'global', symbol };
  if (isBuiltinName(name)) return { kind: 'builtin' };
  return { kind: 'unresolved' };
}

export class ResolvedNames {
  private readonly references = new Map<Identifier, NameReference>();
  private readonly bodyScopes = new Map<Node, Scope>();
  private readonly templateScopes = new Map<TemplateLiteral, Scope>();
  private readonly scriptScopes: Scope[] = [];

  constructor(private readonly globals: GlobalTable) {}

  recordReference(identifier: Identifier, reference: NameReference): void {
    this.references.set(identifier, reference);
  }

  recordBodyScope(body: Node, scope: Scope): void {
    this.bodyScopes.set(body, scope);
  }

  recordScriptScope(scope: Scope): void {
    this.scriptScopes.push(scope);
  }

  recordTemplateScope(template: TemplateLiteral, scope: Scope): void {
    this.templateScopes.set(template, scope);
  }

  /** What `identifier`, read in a body, was resolved to; undefined if the checker never reached it. */
  referenceTo(identifier: Identifier): NameReference | undefined {
    return this.references.get(identifier);
  }

  /** What `name`, named inside `template`'s body, stands for where the template is written. */
  referenceInTemplate(template: TemplateLiteral, name: string): NameReference {
    return lookupName(name, this.templateScopes.get(template) ?? null, this.globals);
  }

  /**
   * The names a function body binds (parameters and assigned names, not implicit ones such
   * as `self`), in declaration order; undefined for a body the checker never reached.
   */
  localsOf(body: Node): string[] | undefined {
    const scope = this.bodyScopes.get(body);
    return scope === undefined ? undefined : declaredNames(scope);
  }

  /** The names the top-level statements of every file bind: one script scope when run. */
  scriptLocals(): string[] {
    return [...new Set(this.scriptScopes.flatMap(declaredNames))];
  }
}

function declaredNames(scope: Scope): string[] {
  return [...scope.own()].filter((binding) => binding.kind !== 'implicit').map((binding) => binding.name);
}

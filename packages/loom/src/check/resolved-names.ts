/**
 * What name resolution found, kept for the stages after the checker. The emitter reads it
 * instead of resolving names again, so check and emit can never disagree on scoping: a read
 * of a name becomes the local, global or builtin the checker resolved it to, and a function's
 * locals are the bindings of the scope the checker built for its body.
 */
import type { Expression, Identifier, Node, TemplateLiteral } from '../syntax/ast.js';
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
function lookupName(name: string, scope: Scope | null, globals: GlobalTable): NameReference {
  const binding = scope?.lookup(name);
  if (binding) return { kind: 'local', binding };
  const symbol = globals.lookup(name);
  if (symbol) return { kind: 'global', symbol };
  if (isBuiltinName(name)) return { kind: 'builtin' };
  return { kind: 'unresolved' };
}

/** What a name read was resolved to, as stored: the binding or symbol itself, so nothing is allocated per read. */
type ResolvedTarget = LocalBinding | GlobalSymbol | typeof BUILTIN;

const BUILTIN = 'builtin';
const BUILTIN_REFERENCE: NameReference = { kind: 'builtin' };

export class ResolvedNames {
  private readonly targets = new Map<Identifier, ResolvedTarget>();
  private readonly bodyScopes = new Map<Node, Scope>();
  private readonly templateScopes = new Map<TemplateLiteral, Scope>();
  private readonly scriptScopes: Scope[] = [];
  private readonly assignments = new Map<LocalBinding, (Expression | null)[]>();

  constructor(private readonly globals: GlobalTable) {}

  recordLocal(identifier: Identifier, binding: LocalBinding): void {
    this.targets.set(identifier, binding);
  }

  recordGlobal(identifier: Identifier, symbol: GlobalSymbol): void {
    this.targets.set(identifier, symbol);
  }

  recordBuiltin(identifier: Identifier): void {
    this.targets.set(identifier, BUILTIN);
  }

  /** A binding site of `binding`: the value it is given, or null when that is not written out (`for`, `+=`, ...). */
  recordAssignment(binding: LocalBinding, value: Expression | null): void {
    const values = this.assignments.get(binding);
    if (values === undefined) this.assignments.set(binding, [value]);
    else values.push(value);
  }

  /** Every binding site of `binding` the checker saw, in source order (none for a parameter). */
  assignmentsTo(binding: LocalBinding): readonly (Expression | null)[] {
    return this.assignments.get(binding) ?? [];
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

  /**
   * What `identifier`, read in a body, was resolved to; undefined if the checker never reached
   * it or could not resolve it (a program with E001 is never emitted).
   */
  referenceTo(identifier: Identifier): NameReference | undefined {
    const target = this.targets.get(identifier);
    if (target === undefined) return undefined;
    if (target === BUILTIN) return BUILTIN_REFERENCE;
    return 'reads' in target ? { kind: 'local', binding: target } : { kind: 'global', symbol: target };
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

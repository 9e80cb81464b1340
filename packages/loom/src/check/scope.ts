/**
 * Local scopes. A flow, function, closure, job handler or test body is one function scope in
 * which every name assigned anywhere is visible everywhere (as in Python, the language Nexa
 * compiled to): a loop may read on its second turn what it assigns at the end of its first.
 * Match arms open a nested scope for the names their pattern binds.
 */
import type { Identifier, Node } from '../syntax/ast.js';
import { forEachBodyBinding } from '../syntax/bindings.js';

export type BindingKind = 'parameter' | 'variable' | 'implicit';

export interface LocalBinding {
  readonly name: string;
  /** The first occurrence that binds the name; `null` for implicit names such as `result`. */
  readonly node: Identifier | null;
  readonly kind: BindingKind;
  reads: number;
}

export class Scope {
  private readonly bindings = new Map<string, LocalBinding>();

  constructor(readonly parent: Scope | null) {}

  declare(node: Identifier, kind: Exclude<BindingKind, 'implicit'>): void {
    if (node.name !== '' && !this.bindings.has(node.name)) {
      this.bindings.set(node.name, { name: node.name, node, kind, reads: 0 });
    }
  }

  declareImplicit(name: string): void {
    if (!this.bindings.has(name)) this.bindings.set(name, { name, node: null, kind: 'implicit', reads: 0 });
  }

  /** The binding of `name` in this scope itself, ignoring enclosing scopes. */
  lookupOwn(name: string): LocalBinding | undefined {
    return this.bindings.get(name);
  }

  lookup(name: string): LocalBinding | undefined {
    return this.bindings.get(name) ?? this.parent?.lookup(name);
  }

  /** Every name visible here, innermost first (for suggestions). */
  *visibleNames(): Iterable<string> {
    yield* this.bindings.keys();
    if (this.parent) yield* this.parent.visibleNames();
  }

  own(): Iterable<LocalBinding> {
    return this.bindings.values();
  }
}

/** Declares in `scope` every name the body binds (see `forEachBodyBinding`). */
export function hoistBindings(body: Node, scope: Scope): void {
  forEachBodyBinding(body, (name) => scope.declare(name, 'variable'));
}

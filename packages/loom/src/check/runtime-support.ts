/**
 * Expressions the checker accepts but the runtime does not run: `python!` blocks, the builtins
 * Loom does not provide, and declarations with no value of their own (a `tool` block,
 * protocol, trait, type alias or enum) used as one. Each is E006 at the construct, found
 * before anything is emitted, so `loom validate` refuses exactly what `loom run` would; the
 * code generator assumes none of them reaches it.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { BUILTINS_NOT_RUN } from '../language/builtins.js';
import type { Identifier, Node } from '../syntax/ast.js';
import type { NodeVisitor } from '../syntax/walk.js';
import type { GlobalKind, GlobalSymbol } from './binder.js';
import type { Resolution } from './resolver.js';

/** Declarations that exist for the checker or the agents, by how a refusal names them. */
const VALUELESS_KINDS: ReadonlyMap<GlobalKind, string> = new Map([
  ['tool', 'tool'], ['protocol', 'protocol'], ['trait', 'trait'], ['type', 'alias'], ['enum', 'enum'],
]);

/** A name with no run-time value: a `@tool fn` is a function, a `tool` block only a description. */
function valuelessPhrase(symbol: GlobalSymbol): string | undefined {
  if (symbol.kind === 'tool' && symbol.declaration.kind === 'FunctionDeclaration') return undefined;
  return VALUELESS_KINDS.get(symbol.kind);
}

const PYTHON_HINT = 'Loom runs no Python: write the code in Loom (a flow, or an @tool fn an agent can call), or run a Python script with std.shell';

export class UnsupportedExpressionFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['PythonEscapeExpression', 'Identifier', 'AgentDeclaration', 'ImplDeclaration']);
  readonly diagnostics: Diagnostic[] = [];
  /** Names that refer to a declaration without reading it as a value (`uses T`, `implements P`, `impl Tr for S`). */
  private readonly declarationNames = new Set<Identifier>();

  constructor(private readonly resolution: Resolution) {}

  enter(node: Node): void {
    switch (node.kind) {
      case 'PythonEscapeExpression':
        // Decided, not pending: Loom runs no Python interpreter. A python! block shares the
        // flow's variables in Nexa, which an out-of-process interpreter cannot do faithfully.
        this.refuse(node, 'python! blocks', PYTHON_HINT);
        return;
      case 'AgentDeclaration':
        for (const use of node.uses) if (use.kind === 'QualifiedName' && use.parts[0] !== undefined) this.declarationNames.add(use.parts[0]);
        for (const name of node.implements) this.declarationNames.add(name);
        return;
      case 'ImplDeclaration':
        this.declarationNames.add(node.trait);
        this.declarationNames.add(node.target);
        return;
      case 'Identifier':
        this.judgeName(node);
        return;
      default:
        return;
    }
  }

  private judgeName(name: Identifier): void {
    if (this.declarationNames.has(name)) return;
    const reference = this.resolution.names.referenceTo(name);
    if (reference?.kind === 'builtin' && BUILTINS_NOT_RUN.has(name.name)) {
      this.refuse(name, `the builtin '${name.name}'`);
      return;
    }
    const valueless = reference?.kind === 'global' ? valuelessPhrase(reference.symbol) : undefined;
    if (valueless !== undefined) this.refuse(name, `using ${valueless} '${name.name}' as a value (or calling it from a flow)`);
  }

  private refuse(node: Node, construct: string, hint?: string): void {
    this.diagnostics.push(diagnostic('E006', node.span, construct, hint === undefined ? {} : { hint }));
  }
}

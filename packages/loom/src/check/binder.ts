/**
 * The global symbol table: every top-level declaration of the expanded program (entry file and
 * includes) by name, in one namespace — the generated module has one, so an agent and a flow
 * cannot share a name. A second declaration of a name is E005, reported at its name with a
 * hint pointing at the first. Top-level assignments declare script variables; assigning a
 * name again is not a redeclaration.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Declaration, Identifier, Statement } from '../syntax/ast.js';
import type { PlacedItem, SourceUnit } from './includes.js';
import { formatPosition } from './positions.js';

export type GlobalKind =
  | 'agent' | 'tool' | 'function' | 'protocol' | 'flow' | 'type' | 'struct' | 'enum' | 'trait'
  | 'job' | 'db' | 'auth' | 'kv' | 'variable';

export interface GlobalSymbol {
  readonly name: string;
  readonly kind: GlobalKind;
  readonly declaration: Declaration | Statement;
  readonly nameNode: Identifier;
  /** Position in the expanded program, for the agents-before-use rule. */
  readonly order: number;
  readonly unit: SourceUnit;
}

/** Which kinds name a type, usable in annotations and protocol field types. */
export const TYPE_KINDS: ReadonlySet<GlobalKind> = new Set(['protocol', 'type', 'struct', 'enum', 'trait']);

export const KIND_PHRASES: Readonly<Record<GlobalKind, string>> = {
  agent: 'an agent',
  tool: 'a tool',
  function: 'a function',
  protocol: 'a protocol',
  flow: 'a flow',
  type: 'a type alias',
  struct: 'a struct',
  enum: 'an enum',
  trait: 'a trait',
  job: 'a job',
  db: 'a database',
  auth: 'an auth provider',
  kv: 'a key-value store',
  variable: 'a variable',
};

export class GlobalTable {
  private readonly symbols = new Map<string, GlobalSymbol>();

  lookup(name: string): GlobalSymbol | undefined {
    return this.symbols.get(name);
  }

  all(): Iterable<GlobalSymbol> {
    return this.symbols.values();
  }

  /** Adds `symbol` unless its name is taken; returns the symbol already holding the name. */
  add(symbol: GlobalSymbol): GlobalSymbol | undefined {
    const existing = this.symbols.get(symbol.name);
    if (!existing) this.symbols.set(symbol.name, symbol);
    return existing;
  }
}

export interface BindResult {
  readonly globals: GlobalTable;
  readonly diagnostics: readonly Diagnostic[];
}

export function bindGlobals(items: readonly PlacedItem[]): BindResult {
  const globals = new GlobalTable();
  const diagnostics: Diagnostic[] = [];
  for (const placed of items) {
    const declared = declaredName(placed.item);
    if (!declared || declared.name.name === '') continue;
    const symbol: GlobalSymbol = {
      name: declared.name.name,
      kind: declared.kind,
      declaration: placed.item,
      nameNode: declared.name,
      order: placed.order,
      unit: placed.unit,
    };
    const existing = globals.add(symbol);
    if (existing && declared.kind !== 'variable') diagnostics.push(duplicateDeclaration(declared.name, existing));
  }
  return { globals, diagnostics };
}

/** E005 at `duplicate`, a second declaration of the name `first` holds. */
export function duplicateDeclaration(duplicate: Identifier, first: GlobalSymbol): Diagnostic {
  return diagnostic('E005', duplicate.span, undefined, {
    subject: `'${duplicate.name}'`,
    hint: `'${first.name}' is already declared as ${KIND_PHRASES[first.kind]} at ${formatPosition(first.nameNode.span)}`,
  });
}

function declaredName(item: Declaration | Statement): { name: Identifier; kind: GlobalKind } | null {
  switch (item.kind) {
    case 'AgentDeclaration':
      return { name: item.name, kind: 'agent' };
    case 'ToolDeclaration':
      return { name: item.name, kind: 'tool' };
    case 'FunctionDeclaration':
      return { name: item.name, kind: item.decorators.some((d) => d.name.name === 'tool') ? 'tool' : 'function' };
    case 'ProtocolDeclaration':
      return { name: item.name, kind: 'protocol' };
    case 'FlowDeclaration':
      return { name: item.name, kind: 'flow' };
    case 'TypeAliasDeclaration':
      return { name: item.name, kind: 'type' };
    case 'StructDeclaration':
      return { name: item.name, kind: 'struct' };
    case 'EnumDeclaration':
      return { name: item.name, kind: 'enum' };
    case 'TraitDeclaration':
      return { name: item.name, kind: 'trait' };
    case 'JobDeclaration':
      return { name: item.name, kind: 'job' };
    case 'ResourceDeclaration':
      return { name: item.name, kind: item.resource };
    case 'AssignmentStatement':
      return item.target.kind === 'Identifier' && item.operator === '=' ? { name: item.target, kind: 'variable' } : null;
    case 'LetStatement':
      return item.pattern.kind === 'BindingPattern' ? { name: item.pattern.name, kind: 'variable' } : null;
    default:
      return null;
  }
}

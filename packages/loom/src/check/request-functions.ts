/**
 * The std functions of a server request's session (language/std-library.ts,
 * STD_REQUEST_FUNCTIONS) have a request only while `loom serve` answers one. A call is accepted
 * in a declaration a server route can reach — a server's handlers, middleware and contracts,
 * and whatever flows, functions and agents they name, transitively — and is E006 anywhere else
 * (flow main, a job, a top-level statement, a program without a server), since there it could
 * only ever fail.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { MemberExpression, Node } from '../syntax/ast.js';
import { forEachChild } from '../syntax/walk.js';
import type { NodeVisitor } from '../syntax/walk.js';
import { REQUEST_FUNCTION_REASON, STD_REQUEST_FUNCTIONS } from '../language/std-library.js';
import type { Resolution } from './resolver.js';

export interface ItemFacts {
  readonly requestCalls: { readonly node: MemberExpression; readonly name: string }[];
}

/** `std.NS.name` when `node` is a request function of the standard library, else undefined. */
function requestFunction(node: MemberExpression, resolution: Resolution): string | undefined {
  const namespace = node.object;
  if (namespace.kind !== 'MemberExpression' || namespace.object.kind !== 'Identifier') return undefined;
  const root = namespace.object;
  if (root.name !== 'std' || resolution.names.referenceTo(root)?.kind !== 'builtin') return undefined;
  const names = STD_REQUEST_FUNCTIONS.get(namespace.property.name);
  return names?.has(node.property.name) === true ? `std.${namespace.property.name}.${node.property.name}` : undefined;
}

function factsOf(item: Node, resolution: Resolution): ItemFacts {
  const facts: ItemFacts = { requestCalls: [] };
  const visit = (node: Node): void => {
    if (node.kind === 'MemberExpression') {
      const name = requestFunction(node, resolution);
      if (name !== undefined) facts.requestCalls.push({ node, name });
    }
    forEachChild(node, visit);
  };
  visit(item);
  return facts;
}

/**
 * The top-level declarations `item` names. Asked only of a program that calls a request
 * function: resolving every identifier of a large program for nothing cost a pass of its own.
 */
function referencesOf(item: Node, resolution: Resolution): Set<Node> {
  const references = new Set<Node>();
  const visit = (node: Node): void => {
    if (node.kind === 'Identifier') {
      const reference = resolution.names.referenceTo(node);
      if (reference?.kind === 'global') references.add(reference.symbol.declaration);
    }
    forEachChild(node, visit);
  };
  visit(item);
  return references;
}

/**
 * Whether the program calls a request function at all, found in the checks' shared traversal
 * (syntax/walk.ts, `walkWith`) over every unit, which holds the same items as the analysis.
 * Nearly no program does, and then the checks need neither the per-item facts nor the walk of
 * the whole tree that gathers them (`Analysis.requestCalls`).
 */
export class RequestCallFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['MemberExpression']);
  found = false;

  constructor(private readonly resolution: Resolution) {}

  enter(node: Node): void {
    if (!this.found && node.kind === 'MemberExpression') this.found = requestFunction(node, this.resolution) !== undefined;
  }
}

/** What an item is called in a message: `flow main`, `job Nightly`, or its kind. */
function itemLabel(item: Node): string {
  switch (item.kind) {
    case 'FlowDeclaration': return `flow ${item.name.name}`;
    case 'FunctionDeclaration': return `function ${item.name.name}`;
    case 'AgentDeclaration': return `agent ${item.name.name}`;
    case 'JobDeclaration': return `job ${item.name.name}`;
    case 'TestDeclaration': return 'a test';
    default: return 'top-level code';
  }
}

/** What each top-level item names and which request functions it calls, in program order. */
export type RequestCallFacts = ReadonlyMap<Node, ItemFacts>;

export function requestCallFacts(items: readonly Node[], resolution: Resolution): RequestCallFacts {
  return new Map(items.map((item) => [item, factsOf(item, resolution)]));
}

/** Whether any item calls a request function: only then must a server keep each request's context. */
export function callsRequestFunctions(facts: RequestCallFacts): boolean {
  return [...facts.values()].some((fact) => fact.requestCalls.length > 0);
}

export function requestFunctionsOutsideServers(facts: RequestCallFacts, resolution: Resolution): Diagnostic[] {
  if (!callsRequestFunctions(facts)) return [];
  const items = [...facts.keys()];
  const servers = items.filter((item) => item.kind === 'ServerDeclaration');
  const reached = new Set<Node>(servers);
  const pending: Node[] = [...servers];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    for (const next of facts.has(item) ? referencesOf(item, resolution) : []) {
      if (!reached.has(next)) {
        reached.add(next);
        pending.push(next);
      }
    }
  }
  const diagnostics: Diagnostic[] = [];
  for (const [item, fact] of facts) {
    if (reached.has(item)) continue;
    const why = servers.length === 0 ? 'this program declares no server' : `no server route reaches ${itemLabel(item)}`;
    for (const call of fact.requestCalls) {
      diagnostics.push(diagnostic('E006', call.node.span, `${call.name} (${REQUEST_FUNCTION_REASON}, and ${why})`, {
        hint: 'call it in a route handler (or a flow or function one calls) of a `server` declaration, and run the program with loom serve',
      }));
    }
  }
  return diagnostics;
}

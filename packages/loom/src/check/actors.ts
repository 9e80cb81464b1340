/**
 * `pass handle, message` sends to an actor: the value `spawn` returned. Passing to a
 * declaration by its name (`pass "task" to Worker`, the agent itself rather than a spawned
 * Worker) can never work, so it is E002 where it is written; what a variable holds is checked
 * when the statement runs (E105).
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Node } from '../syntax/ast.js';
import type { NodeVisitor } from '../syntax/walk.js';
import type { Resolution } from './resolver.js';

export class PassTargetChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['PassStatement']);
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly resolution: Resolution) {}

  enter(node: Node): void {
    if (node.kind !== 'PassStatement' || node.target.kind !== 'Identifier') return;
    const reference = this.resolution.names.referenceTo(node.target);
    if (reference?.kind !== 'global' || reference.symbol.kind === 'variable') return;
    const { symbol } = reference;
    const start = symbol.kind === 'agent' ? `\`handle = spawn ${symbol.name}("...")\`` : `\`handle = spawn ${symbol.name}(...)\``;
    this.diagnostics.push(diagnostic('E002', node.target.span, `pass sends to an actor started with spawn, but '${symbol.name}' names the ${symbol.kind} declaration`, {
      hint: `start it first, ${start}, then \`pass handle, message\``,
    }));
  }
}

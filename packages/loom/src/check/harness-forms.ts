/**
 * The harness forms Loom runs, checked for what the grammar lets through but the form does not
 * take: unknown or repeated options and literal values of the wrong kind (harness-options.ts).
 */
import type { Diagnostic } from '../diagnostic.js';
import { AUTOLOOP_OPTIONS } from '../language/harness.js';
import type { Node } from '../syntax/ast.js';
import type { NodeVisitor } from '../syntax/walk.js';
import { optionProblems } from './harness-options.js';

export class HarnessFormChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['AutoloopStatement']);
  readonly diagnostics: Diagnostic[] = [];

  enter(node: Node): void {
    switch (node.kind) {
      case 'AutoloopStatement':
        this.diagnostics.push(...optionProblems('autoloop', node.options, AUTOLOOP_OPTIONS));
        return;
      default:
        return;
    }
  }
}

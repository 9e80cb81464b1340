/**
 * Statements that only make sense in some places: `break` and `continue` inside a loop,
 * `return` inside a flow, function, handler, test or closure. The grammar accepts them
 * anywhere, so the checker reports a misplaced one as E004 — the registry's syntax error,
 * whose cause includes "a construct in a place where it is not allowed".
 */
import type { Diagnostic } from '../diagnostic.js';
import type { Node } from '../syntax/ast.js';
import { leadingSpan } from './positions.js';
import type { NodeVisitor } from '../syntax/walk.js';

interface Place {
  readonly inLoop: boolean;
  readonly inFunction: boolean;
}

const TOP_LEVEL: Place = { inLoop: false, inFunction: false };
const FUNCTION_BODY: Place = { inLoop: false, inFunction: true };
const LOOP_AT_TOP_LEVEL: Place = { inLoop: true, inFunction: false };
const LOOP_IN_FUNCTION: Place = { inLoop: true, inFunction: true };

/** A node that changes the place of everything below it, and that place. */
interface Opened {
  readonly node: Node;
  readonly place: Place;
}

const LOOP_KINDS: ReadonlySet<Node['kind']> = new Set(['ForStatement', 'WhileStatement', 'LoopStatement', 'AutoloopStatement']);
const FUNCTION_KINDS: ReadonlySet<Node['kind']> = new Set([
  'FlowDeclaration', 'FunctionDeclaration', 'FunctionExpression', 'JobHandler', 'TestDeclaration', 'LifecycleHookStatement',
]);

/** Collects every misplaced `break`, `continue` and `return` it is shown. */
export class MisplacedStatementFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set([
    'BreakStatement', 'ContinueStatement', 'ReturnStatement', ...LOOP_KINDS, ...FUNCTION_KINDS,
  ]);
  readonly diagnostics: Diagnostic[] = [];
  private readonly opened: Opened[] = [];

  enter(node: Node): void {
    const place = this.opened.at(-1)?.place ?? TOP_LEVEL;
    if (node.kind === 'BreakStatement' || node.kind === 'ContinueStatement') {
      if (!place.inLoop) this.misplaced(node.kind === 'BreakStatement' ? 'break' : 'continue', 'a loop', node);
    } else if (node.kind === 'ReturnStatement') {
      if (!place.inFunction) this.misplaced('return', 'a flow or function', node);
    } else if (LOOP_KINDS.has(node.kind)) {
      this.opened.push({ node, place: place.inFunction ? LOOP_IN_FUNCTION : LOOP_AT_TOP_LEVEL });
    } else if (FUNCTION_KINDS.has(node.kind)) {
      this.opened.push({ node, place: FUNCTION_BODY });
    }
  }

  leave(node: Node): void {
    if (this.opened.at(-1)?.node === node) this.opened.pop();
  }

  private misplaced(keyword: string, where: string, node: Node): void {
    this.diagnostics.push({
      code: 'E004',
      severity: 'error',
      message: `'${keyword}' is only allowed inside ${where}`,
      span: leadingSpan(node.span, keyword.length),
    });
  }
}

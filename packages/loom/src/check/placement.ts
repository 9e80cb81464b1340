/**
 * Statements that only make sense in some places: `break` and `continue` inside a loop,
 * `return` inside a flow, function, handler, test or closure. The grammar accepts them
 * anywhere, so the checker reports a misplaced one as E004 — the registry's syntax error,
 * whose cause includes "a construct in a place where it is not allowed".
 *
 * A `match` used as a value inside an expression (`print(match x {…})`, `"n=" + match …`),
 * and a block expression, compile to a function of their own, so none of the three may leave
 * them. A match that is a whole statement, the value of `return`, `let x =` or `x =`, or the
 * body of an arm, delivers its value in place and is no such boundary (emit/match.ts). A loop
 * inside such a boundary is still inside it: `break` may end that loop, `return` may not leave.
 * The branches of `fork { } and { }` are such boundaries too: each runs as a function beside
 * the others.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Node } from '../syntax/ast.js';
import { leadingSpan } from './positions.js';
import type { NodeVisitor } from '../syntax/walk.js';

/** A match or block used as a value, which compiles to a function of its own. */
interface ValueBoundary {
  /** What may not be left, for the message. */
  readonly what: string;
  readonly hint: string;
}

interface Place {
  readonly inLoop: boolean;
  readonly inFunction: boolean;
  /** Inside a match or block used as a value (and not in a closure within it). */
  readonly valueBoundary?: ValueBoundary;
}

const TOP_LEVEL: Place = { inLoop: false, inFunction: false };
const FUNCTION_BODY: Place = { inLoop: false, inFunction: true };
const INSIDE_MATCH_VALUE: Place = {
  inLoop: false,
  inFunction: false,
  valueBoundary: {
    what: 'a match used as a value',
    // A typed `let` is named because it looks like the in-place form but is not one.
    hint: 'assign the match to a variable first (`y = match …` or `let y = match …`, without a type annotation), then use the variable',
  },
};
const INSIDE_BLOCK_VALUE: Place = {
  inLoop: false,
  inFunction: false,
  valueBoundary: { what: 'a block used as a value', hint: 'assign the value to a variable first, then use the variable' },
};

/** A branch of `fork { } and { }` runs as a function of its own beside the others (emit/harness.ts). */
const INSIDE_FORK_BRANCH: Place = {
  inLoop: false,
  inFunction: false,
  valueBoundary: { what: 'a fork branch', hint: 'the branches run side by side: assign what a branch finds to a variable, and decide after the fork' },
};

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
    'ExpressionStatement', 'LetStatement', 'AssignmentStatement', 'MatchArm', 'MatchExpression', 'BlockExpression', 'ForkBlockStatement',
  ]);
  readonly diagnostics: Diagnostic[] = [];
  private readonly opened: Opened[] = [];
  /** Matches that deliver their value in place, seen on entering the node that holds them. */
  private readonly inPlaceMatches = new Set<Node>();

  enter(node: Node): void {
    const place = this.opened.at(-1)?.place ?? TOP_LEVEL;
    const inPlace = inPlaceMatch(node);
    if (inPlace !== null) this.inPlaceMatches.add(inPlace);
    if (node.kind === 'BreakStatement' || node.kind === 'ContinueStatement') {
      if (!place.inLoop) this.misplaced(node.kind === 'BreakStatement' ? 'break' : 'continue', 'a loop', node, place);
    } else if (node.kind === 'ReturnStatement') {
      if (!place.inFunction) this.misplaced('return', 'a flow or function', node, place);
    } else if (node.kind === 'MatchExpression') {
      if (!this.inPlaceMatches.has(node)) this.opened.push({ node, place: INSIDE_MATCH_VALUE });
    } else if (node.kind === 'BlockExpression') {
      this.opened.push({ node, place: INSIDE_BLOCK_VALUE });
    } else if (node.kind === 'ForkBlockStatement') {
      this.opened.push({ node, place: INSIDE_FORK_BRANCH });
    } else if (LOOP_KINDS.has(node.kind)) {
      // Only `inLoop` changes: a loop inside a match value is still inside that match.
      this.opened.push({ node, place: { ...place, inLoop: true } });
    } else if (FUNCTION_KINDS.has(node.kind)) {
      this.opened.push({ node, place: FUNCTION_BODY });
    }
  }

  leave(node: Node): void {
    if (this.opened.at(-1)?.node === node) this.opened.pop();
  }

  private misplaced(keyword: string, where: string, node: Node, place: Place): void {
    const boundary = place.valueBoundary;
    const detail = boundary === undefined ? `'${keyword}' is only allowed inside ${where}` : `'${keyword}' cannot leave ${boundary.what}`;
    this.diagnostics.push(diagnostic('E004', leadingSpan(node.span, keyword.length), detail, { hint: boundary?.hint }));
  }
}

/** The match `node` holds in a place that receives its value directly, if any. */
function inPlaceMatch(node: Node): Node | null {
  switch (node.kind) {
    case 'ExpressionStatement':
      return node.expression.kind === 'MatchExpression' ? node.expression : null;
    case 'ReturnStatement':
      return node.value?.kind === 'MatchExpression' ? node.value : null;
    case 'LetStatement':
      return node.value.kind === 'MatchExpression' && node.pattern.kind === 'BindingPattern' && node.type === null ? node.value : null;
    case 'AssignmentStatement':
      return node.value.kind === 'MatchExpression' && node.operator === '=' && node.target.kind === 'Identifier' ? node.value : null;
    case 'MatchArm':
      return node.body.kind === 'MatchExpression' ? node.body : null;
    default:
      return null;
  }
}

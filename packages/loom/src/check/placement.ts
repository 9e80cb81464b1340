/**
 * Statements that only make sense in some places: `break` and `continue` inside a loop,
 * `return` inside a flow, function, handler, test or closure. The grammar accepts them
 * anywhere, so the checker reports a misplaced one as E004 — the registry's syntax error,
 * whose cause includes "a construct in a place where it is not allowed".
 */
import type { Diagnostic } from '../diagnostic.js';
import type { Node, Program } from '../syntax/ast.js';
import { leadingSpan } from './positions.js';
import { forEachChild } from './walk.js';

interface Place {
  readonly inLoop: boolean;
  readonly inFunction: boolean;
}

const TOP_LEVEL: Place = { inLoop: false, inFunction: false };
const FUNCTION_BODY: Place = { inLoop: false, inFunction: true };

export function findMisplacedStatements(program: Program): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const misplaced = (keyword: string, where: string, node: Node): void => {
    diagnostics.push({
      code: 'E004',
      severity: 'error',
      message: `'${keyword}' is only allowed inside ${where}`,
      span: leadingSpan(node.span, keyword.length),
    });
  };
  const visit = (node: Node, place: Place): void => {
    switch (node.kind) {
      case 'BreakStatement':
      case 'ContinueStatement':
        if (!place.inLoop) misplaced(node.kind === 'BreakStatement' ? 'break' : 'continue', 'a loop', node);
        return;
      case 'ReturnStatement':
        if (!place.inFunction) misplaced('return', 'a flow or function', node);
        break;
      case 'ForStatement':
      case 'WhileStatement':
      case 'LoopStatement':
      case 'AutoloopStatement':
        forEachChild(node, (child) => visit(child, { ...place, inLoop: true }));
        return;
      case 'FlowDeclaration':
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'JobHandler':
      case 'TestDeclaration':
      case 'LifecycleHookStatement':
        forEachChild(node, (child) => visit(child, FUNCTION_BODY));
        return;
      default:
        break;
    }
    forEachChild(node, (child) => visit(child, place));
  };
  visit(program, TOP_LEVEL);
  return diagnostics;
}

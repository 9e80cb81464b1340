/**
 * `a ?? b`: `b` when `a` is absent (null, None, the empty dict), and also when evaluating `a`
 * raised E601, a key-value read of a missing or expired key (`store.get("theme") ?? "light"`,
 * as the Nexa docs write it). Only a left side holding a call can raise, so a plain variable
 * or field read keeps the cheap inline form.
 */
import type { BinaryExpression, Node } from '../syntax/ast.js';
import { forEachChild } from '../syntax/walk.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { emitExpression } from './expressions.js';
import { rt } from './runtime-names.js';

function containsCall(node: Node): boolean {
  if (node.kind === 'CallExpression') return true;
  let found = false;
  forEachChild(node, (child) => {
    found ||= containsCall(child);
  });
  return found;
}

export function emitCoalesce(context: EmitContext, expression: BinaryExpression): Code {
  const value = context.temp();
  const left = emitExpression(context, expression.left);
  const evaluated: Code = containsCall(expression.left) ? ['await ', rt('missingKeyAsAbsent'), '(async () => (', left, '))'] : left;
  return ['(', rt('isAbsent'), '(', value, ' = ', evaluated, ') ? ', emitExpression(context, expression.right), ' : ', value, ')'];
}

/**
 * The agent operators: `x >> A >> B` (one pipeline over the whole chain), `x |>> [A, B]`,
 * `[r] &>> C`, `x || [A, B]` and `x && [A, B]`, as calls into the agent library's pipeline
 * module. A flow or closure may stand where an agent does (`$p.runnable`).
 */
import type { BinaryExpression, Expression } from '../syntax/ast.js';
import { joinCode } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { emitExpression } from './expressions.js';
import { rt, programMember } from './runtime-names.js';

/** `x >> A >> B`: the whole chain is one pipeline call, so a failure names its stage (E103). */
export function emitAgentPipeline(context: EmitContext, expression: BinaryExpression): Code {
  const stages: Expression[] = [];
  let input: Expression = expression;
  while (input.kind === 'BinaryExpression' && input.operator === '>>') {
    stages.unshift(input.right);
    input = input.left;
  }
  return [
    '(await ', rt('pipeline'), '(', emitExpression(context, input), ', [',
    joinCode(stages.map((stage) => [programMember('runnable'), '(', emitExpression(context, stage), ')']), ', '), ']))',
  ];
}

function emitRunnables(context: EmitContext, list: Expression): Code {
  if (list.kind !== 'ListLiteral') return [programMember('runnables'), '(', emitExpression(context, list), ')'];
  return ['[', joinCode(list.elements.map((element) => [programMember('runnable'), '(', emitExpression(context, element.kind === 'SpreadElement' ? element.argument : element), ')']), ', '), ']'];
}

export function emitDag(context: EmitContext, expression: BinaryExpression): Code {
  const left = emitExpression(context, expression.left);
  switch (expression.operator) {
    case '|>>':
      return ['(await ', rt('fanOut'), '(', left, ', ', emitRunnables(context, expression.right), '))'];
    case '&>>':
      return ['(await ', rt('merge'), '(', left, ', ', programMember('runnable'), '(', emitExpression(context, expression.right), ')))'];
    case '||':
      return [programMember('fireAndForget'), '(', left, ', ', emitRunnables(context, expression.right), ')'];
    default:
      return ['(await ', programMember('consensus'), '(', left, ', ', emitRunnables(context, expression.right), '))'];
  }
}


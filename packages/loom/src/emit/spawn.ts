/**
 * `spawn X(args)` has one meaning per target: a flow, function or closure call starts a
 * concurrent task running that call (the docs' `spawn handler()`); a job is enqueued and the
 * value is its id (runtime/jobs/); an agent starts an actor answering its arguments and then
 * the messages passed to it (runtime/host/agent-actor.ts). `spawn f` without a call starts a
 * task calling `f`.
 */
import type { SpawnExpression } from '../syntax/ast.js';
import { argumentList, emitCall, named, positional } from './calls.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { emitExpression } from './expressions.js';
import { programMember } from './runtime-names.js';

export function emitSpawn(context: EmitContext, expression: SpawnExpression): Code {
  const { target } = expression;
  if (target.kind !== 'CallExpression') return ['(await ', programMember('builtins'), '.spawn(', emitExpression(context, target), '))'];
  if (target.callee.kind === 'Identifier') {
    const resolution = context.resolve(target.callee);
    if (resolution.kind === 'global' && resolution.symbol.kind === 'job') {
      return ['(await ', programMember('enqueueJob'), '(', resolution.js, ', ', positional(context, target.arguments), ', ', named(context, target.arguments), '))'];
    }
    if (resolution.kind === 'global' && resolution.symbol.kind === 'agent') {
      return [programMember('spawnActor'), '(', resolution.js, ', [', argumentList(context, target.arguments), '])'];
    }
  }
  return ['(await ', programMember('builtins'), '.spawn(async () => ', emitCall(context, target), '))'];
}

/**
 * `match` compiles to a labelled block of arms tried in order, each binding its pattern's names
 * in a scope of its own; the value of the chosen arm is returned, assigned or dropped as the
 * place of the match asks. Intent arms (`intent("...")`) are decided by one classification of
 * the subject before the arms run; with no arm taken that is E104, otherwise E901.
 */
import type { Block, Expression, MatchArm, MatchExpression, Statement } from '../syntax/ast.js';
import { at, braces, joinCode } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { emitCondition, emitExpression } from './expressions.js';
import { patternDescriptor } from './patterns.js';
import { patternBindingNames } from '../syntax/bindings.js';
import { emitStatement } from './statements.js';
import { rt, programMember } from './runtime-names.js';

/** Where the value of a match (or a block used as a value) goes. */
export type ValueTarget = 'return' | 'discard' | { readonly assign: string };

export function deliver(target: ValueTarget, value: Code): Code {
  if (target === 'return') return ['return ', value, ';'];
  if (target === 'discard') return [value, ';'];
  return [target.assign, ' = ', value, ';'];
}

/** Statements whose last expression statement is the value delivered to `target`. */
export function emitStatementsWithValue(context: EmitContext, statements: readonly Statement[], target: ValueTarget): Code[] {
  return statements.map((statement, index) => {
    if (index < statements.length - 1 || statement.kind !== 'ExpressionStatement') return emitStatement(context, statement);
    return at(statement.span, emitValueInto(context, statement.expression, target));
  });
}

function emitValueInto(context: EmitContext, expression: Expression, target: ValueTarget): Code {
  if (expression.kind === 'MatchExpression') return emitMatchExpression(context, expression, target);
  return deliver(target, emitExpression(context, expression));
}

function emitArmBody(context: EmitContext, body: Expression | Block, target: ValueTarget): Code[] {
  if (body.kind === 'Block') return emitStatementsWithValue(context, body.statements, target);
  return [emitValueInto(context, body, target)];
}

export function emitMatchExpression(context: EmitContext, match: MatchExpression, target: ValueTarget): Code {
  const subject = context.temp();
  const label = `${subject}_arms`;
  const intentArms = match.arms.filter((arm) => arm.pattern.kind === 'IntentPattern');
  const intent = intentArms.length === 0 ? null : context.temp();
  const head: Code[] = [[subject, ' = ', emitExpression(context, match.subject), ';']];
  if (intent !== null) {
    const descriptions = intentArms.map((arm) => (arm.pattern.kind === 'IntentPattern' ? emitExpression(context, arm.pattern.description) : 'null'));
    head.push([intent, ' = await ', programMember('routeIntent'), '(', subject, ', [', joinCode(descriptions, ', '), ']);']);
  }
  const arms = match.arms.map((arm) => at(arm.span, emitArm(context, arm, { subject, label, intent, intentIndex: intentArms.indexOf(arm), target })));
  const noArm = intent === null ? [rt('noMatchingArm'), '(', subject, ');'] : [rt('noIntentArm'), '(', subject, ');'];
  return [joinCode(head, '\n'), '\n', label, ': ', braces([...arms, at(match.span, noArm)])];
}

interface ArmPlace {
  readonly subject: string;
  readonly label: string;
  readonly intent: string | null;
  readonly intentIndex: number;
  readonly target: ValueTarget;
}

function emitArm(context: EmitContext, arm: MatchArm, place: ArmPlace): Code {
  const names = patternBindingNames(arm.pattern);
  return context.inArm(names, () => {
    const body = [...emitArmBody(context, arm.body, place.target), `break ${place.label};`];
    const guarded = arm.guard === null ? body : [['if (', emitCondition(context, arm.guard), ') ', braces(body)]];
    if (arm.pattern.kind === 'IntentPattern') return ['if (', place.intent ?? '-1', ` === ${place.intentIndex}) `, braces(guarded)];
    if (arm.pattern.kind === 'WildcardPattern') return braces(guarded);
    if (arm.pattern.kind === 'BindingPattern') return braces([['let ', context.local(names[0]!), ' = ', place.subject, ';'], ...guarded]);
    const bound = names.length === 0 ? [] : [['let [', names.map((name) => context.local(name)).join(', '), '] = $bound;']];
    return braces([
      'const $bound = [];',
      ['if (', rt('matches'), '(', patternDescriptor(arm.pattern), ', ', place.subject, ', $bound)) ', braces([...bound, ...guarded])],
    ]);
  });
}

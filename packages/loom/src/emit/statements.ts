/**
 * Statements. Variables are hoisted to their function (context.ts), so assignment is plain
 * JavaScript assignment; destructuring goes through the runtime matcher (E902 on mismatch).
 */
import type {
  AssignmentStatement, Block, ContractClause, ForStatement, IfStatement, LetStatement, LoopStatement, Pattern,
  SemanticIfStatement, Statement,
} from '../syntax/ast.js';
import { at, braces, joinCode, quote } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { emitCondition, emitExpression } from './expressions.js';
import { emitMatchExpression } from './match.js';
import { patternDescriptor } from './patterns.js';
import { forEachBodyBinding, patternBindingNames } from '../syntax/bindings.js';
import { rt, programMember, typeCheckerMember } from './runtime-names.js';
import { compoundHelper } from './operator-helpers.js';
import { emitAutoloop, emitContextPolicy, emitForkBlocks, emitHook, emitReflect, emitTryAgent, emitUnharnessed, emitVerify, emitWithContext } from './harness.js';

/** A bound on `loop { } until ("...")`, so a condition the model never accepts cannot loop forever. */
export const LOOP_UNTIL_MAX_ITERATIONS = 10;

export function emitBlock(context: EmitContext, block: Block): Code {
  return braces(block.statements.map((statement) => emitStatement(context, statement)));
}

export function emitStatements(context: EmitContext, statements: readonly Statement[]): Code[] {
  return statements.map((statement) => emitStatement(context, statement));
}

export function emitStatement(context: EmitContext, statement: Statement): Code {
  return at(statement.span, emitBare(context, statement));
}

function emitBare(context: EmitContext, statement: Statement): Code {
  switch (statement.kind) {
    case 'ExpressionStatement':
      if (statement.expression.kind === 'MatchExpression') return emitMatchExpression(context, statement.expression, 'discard');
      return [emitExpression(context, statement.expression), ';'];
    case 'AssignmentStatement':
      return emitAssignment(context, statement);
    case 'LetStatement':
      return emitLet(context, statement);
    case 'IfStatement':
      return emitIf(context, statement);
    case 'ForStatement':
      return emitFor(context, statement);
    case 'WhileStatement':
      return ['while (', emitCondition(context, statement.condition), ') ', emitBlock(context, statement.body)];
    case 'LoopStatement':
      return emitLoop(context, statement);
    case 'BreakStatement':
      return 'break;';
    case 'ContinueStatement':
      return 'continue;';
    case 'ReturnStatement':
      if (statement.value?.kind === 'MatchExpression') return emitMatchExpression(context, statement.value, 'return');
      return statement.value === null ? 'return null;' : ['return ', emitExpression(context, statement.value), ';'];
    case 'RaiseStatement':
      return ['throw ', rt('raised'), '(', emitExpression(context, statement.value), ');'];
    case 'TryStatement': {
      const handler = statement.handler;
      // A missing catch is E004, so no program with one is emitted; should one be, its errors propagate.
      if (handler === null) return emitBlock(context, statement.body);
      const caught = handler.parameter === null ? [] : [context.local(handler.parameter.name), ' = $error;'];
      const body = handler.body.statements.map((inner) => emitStatement(context, inner));
      return ['try ', emitBlock(context, statement.body), ' catch ($error) ', braces([[rt('rethrowSignal'), '($error);'], ...(caught.length > 0 ? [caught] : []), ...body])];
    }
    case 'AssertStatement':
      if (statement.against !== null) {
        return ['await ', programMember('assertClaim'), '(', emitExpression(context, statement.condition), ', ', emitExpression(context, statement.against), ');'];
      }
      return ['if (!', emitCondition(context, statement.condition), ') ', rt('assertionFailed'), '(', quote(context.sourceText(statement.condition.span)), ');'];
    case 'SemanticIfStatement':
      return emitSemanticIf(context, statement);
    case 'DeferStatement': {
      context.markDefer();
      const body = statement.body.kind === 'Block' ? emitBlock(context, statement.body) : ['{ ', emitExpression(context, statement.body), '; }'];
      return ['$defers.push(async () => ', body, ');'];
    }
    case 'PrintStatement':
      return [programMember('print'), '([', joinCode(statement.arguments.map((argument) => emitExpression(context, argument)), ', '), ']);'];
    case 'PassStatement':
      return [programMember('pass'), '(', emitExpression(context, statement.target), ', ', emitExpression(context, statement.message), ');'];
    case 'ContractStatement':
      return emitClauseCheck(context, statement.clause, null);
    case 'AutoloopStatement':
      return emitAutoloop(context, statement);
    case 'TryAgentStatement':
      return emitTryAgent(context, statement);
    case 'LifecycleHookStatement':
      return emitHook(context, statement);
    case 'ReflectStatement':
      return emitReflect(context, statement);
    case 'VerifyStatement':
      return emitVerify(context, statement);
    case 'WithContextStatement':
      return emitWithContext(context, statement);
    case 'ContextPolicyStatement':
      return emitContextPolicy(context, statement);
    case 'UnharnessedStatement':
      return emitUnharnessed(context, statement);
    case 'ForkBlockStatement':
      return emitForkBlocks(context, statement);
    case 'Error':
      return '';
  }
}

/**
 * One contract clause checked where the code stands. A string clause is semantic and judged
 * about `subject` (the JavaScript expression of what it speaks about).
 */
export function emitClauseCheck(context: EmitContext, clause: ContractClause, subject: Code | null): Code {
  const { condition } = clause;
  if (condition.kind === 'StringLiteral' || condition.kind === 'InterpolatedString') {
    return ['await ', rt('checkSemanticClause'), '(', programMember('judge'), '(), ', quote(clause.clause), ', ', emitExpression(context, condition), ', ', subject ?? 'null', ');'];
  }
  return at(clause.span, [
    'if (!', emitCondition(context, condition), ') ', rt('deterministicViolation'), '(', quote(clause.clause), ', ', quote(context.sourceText(condition.span)), ');',
  ]);
}

/** Assigns the values a pattern binds, or the whole value for a plain name. */
export function emitPatternAssignment(context: EmitContext, pattern: Pattern, value: Code): Code {
  if (pattern.kind === 'BindingPattern') return [context.local(pattern.name), ' = ', value, ';'];
  if (pattern.kind === 'WildcardPattern') return [value, ';'];
  const names = patternBindingNames(pattern).map((name) => context.local(name));
  return ['[', names.join(', '), '] = ', rt('destructure'), '(', patternDescriptor(pattern), ', ', value, ');'];
}

function emitLet(context: EmitContext, statement: LetStatement): Code {
  if (statement.value.kind === 'MatchExpression' && statement.pattern.kind === 'BindingPattern' && statement.type === null) {
    return emitMatchExpression(context, statement.value, { assign: context.local(statement.pattern.name) });
  }
  const assignment = emitPatternAssignment(context, statement.pattern, emitExpression(context, statement.value));
  if (statement.type === null || statement.pattern.kind !== 'BindingPattern') return assignment;
  const name = statement.pattern.name.name;
  return [
    assignment, '\n',
    at(statement.type.span, [typeCheckerMember('check'), '(', context.local(name), ', ', context.typeDescriptorCode(statement.type), ', ', quote(`variable '${name}'`), ');']),
  ];
}

function emitAssignment(context: EmitContext, statement: AssignmentStatement): Code {
  const { target, operator } = statement;
  if (target.kind === 'Identifier') {
    // `x = …` binds x (a local, hoisted); `x += …` reads it first.
    const js = operator === '=' ? context.local(target) : context.resolve(target).js;
    if (operator === '=' && statement.value.kind === 'MatchExpression') return emitMatchExpression(context, statement.value, { assign: js });
    const value = emitExpression(context, statement.value);
    return operator === '=' ? [js, ' = ', value, ';'] : [js, ' = ', rt(compoundHelper(operator)), '(', js, ', ', value, ');'];
  }
  if (target.kind === 'MemberExpression' || target.kind === 'IndexExpression') {
    const object = context.temp();
    const key = context.temp();
    const keyCode = target.kind === 'MemberExpression' ? quote(target.property.name) : emitExpression(context, target.index);
    const current = target.kind === 'MemberExpression' ? [rt('member'), '(', object, ', ', key, ')'] : [rt('index'), '(', object, ', ', key, ')'];
    const value = operator === '=' ? emitExpression(context, statement.value) : [rt(compoundHelper(operator)), '(', current, ', ', emitExpression(context, statement.value), ')'];
    const setter = target.kind === 'MemberExpression' ? rt('setMember') : rt('setIndex');
    return [object, ' = ', emitExpression(context, target.object), '; ', key, ' = ', keyCode, '; ', setter, '(', object, ', ', key, ', ', value, ');'];
  }
  return emitPatternAssignment(context, target, emitExpression(context, statement.value));
}

function emitIf(context: EmitContext, statement: IfStatement): Code {
  const alternate = statement.alternate;
  const head = ['if (', emitCondition(context, statement.condition), ') ', emitBlock(context, statement.consequent)];
  if (alternate === null) return head;
  return [head, ' else ', alternate.kind === 'IfStatement' ? emitStatement(context, alternate) : emitBlock(context, alternate)];
}

function emitSemanticIf(context: EmitContext, statement: SemanticIfStatement): Code {
  const alternate = statement.alternate;
  const head = [
    'if (await ', programMember('semanticIf'), '(', emitExpression(context, statement.condition), ', ',
    statement.subject === null ? 'null' : emitExpression(context, statement.subject), ', ',
    statement.fastMatch === null ? 'null' : emitExpression(context, statement.fastMatch), ')) ', emitBlock(context, statement.consequent),
  ];
  if (alternate === null) return head;
  return [head, ' else ', alternate.kind === 'Block' ? emitBlock(context, alternate) : emitStatement(context, alternate)];
}

function emitFor(context: EmitContext, statement: ForStatement): Code {
  const item = context.temp();
  const entries = statement.pattern.kind === 'TuplePattern' || statement.pattern.kind === 'ArrayPattern';
  const body = [emitPatternAssignment(context, statement.pattern, item), ...statement.body.statements.map((inner) => emitStatement(context, inner))];
  return ['for (', item, ' of ', rt('iterationItems'), '(', emitExpression(context, statement.iterable), `, ${entries})) `, braces(body)];
}

/**
 * `loop { } until ("condition")` runs the body, then asks the weak model whether the condition
 * holds of the variables the body assigns, at most LOOP_UNTIL_MAX_ITERATIONS times.
 */
function emitLoop(context: EmitContext, statement: LoopStatement): Code {
  if (statement.until === null) return ['while (true) ', emitBlock(context, statement.body)];
  const count = context.temp();
  const assigned = new Set<string>();
  forEachBodyBinding(statement.body, (name) => assigned.add(name.name));
  const subject = ['{ ', joinCode([...assigned].map((name) => [quote(name), ': ', context.local(name)]), ', '), ' }'];
  return [
    count, ' = 0;\ndo ', emitBlock(context, statement.body),
    ' while (++', count, ` < ${LOOP_UNTIL_MAX_ITERATIONS} && !(await ${programMember('semanticIf')}(`, emitExpression(context, statement.until), ', ', subject, ', null)));',
  ];
}

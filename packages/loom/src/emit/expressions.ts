/**
 * Expressions. Numbers, strings, lists and dicts are plain JavaScript values; operators whose
 * Loom meaning differs from JavaScript's go through small runtime helpers (`$rt.add`), and
 * comparisons of numbers stay native so that loops compile to tight V8 code. Calls (calls.ts)
 * are awaited, since any flow may reach an agent; agent operators are in agent-operators.ts.
 */
import { emitCoalesce } from './coalesce.js';
import type { BinaryExpression, Expression, Identifier, InterpolatedString, ListLiteral, MatchExpression, TemplateLiteral, TypeTestExpression } from '../syntax/ast.js';
import { compileTemplate } from '../language/template/compile.js';
import { emitAgentPipeline, emitDag } from './agent-operators.js';
import { emitCall, emitPipe } from './calls.js';
import { at, braces, joinCode, propertyKey, quote } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { refusedByChecker } from './context.js';
import { emitBlockValue, emitFunctionExpression } from './functions.js';
import { emitMatchExpression } from './match.js';
import { numberLiteralValue } from '../syntax/number-literal.js';
import { emitFork } from './harness.js';
import { emitSpawn } from './spawn.js';
import { rt, programMember, registryMember, typeCheckerMember } from './runtime-names.js';
import { arithmeticHelper } from './operator-helpers.js';

const NATIVE_COMPARISONS = new Set(['<', '<=', '>', '>=']);

/** Whether `expression` always yields a boolean, so it needs no truth conversion. */
export function isBooleanExpression(expression: Expression): boolean {
  switch (expression.kind) {
    case 'BooleanLiteral':
      return true;
    case 'UnaryExpression':
      return expression.operator !== '-';
    case 'TypeTestExpression':
      return true;
    case 'BinaryExpression':
      return ['==', '!=', '<', '<=', '>', '>=', 'in'].includes(expression.operator) ||
        ((expression.operator === 'and' || expression.operator === 'or') && isBooleanExpression(expression.left) && isBooleanExpression(expression.right));
    default:
      return false;
  }
}

/** `expression` as a JavaScript boolean. */
export function emitCondition(context: EmitContext, expression: Expression): Code {
  const code = emitExpression(context, expression);
  return isBooleanExpression(expression) ? code : [rt('truthy'), '(', code, ')'];
}

export function emitExpression(context: EmitContext, expression: Expression): Code {
  return at(expression.span, context.substitution(expression) ?? emitBare(context, expression));
}

function emitBare(context: EmitContext, expression: Expression): Code {
  switch (expression.kind) {
    case 'Identifier':
      return emitName(context, expression);
    case 'NumberLiteral': {
      const value = numberLiteralValue(expression);
      return value < 0 ? `(${value})` : String(value);
    }
    case 'StringLiteral':
      return quote(expression.value);
    case 'RegexLiteral':
      return quote(expression.pattern);
    case 'BooleanLiteral':
      return String(expression.value);
    case 'NullLiteral':
      return 'null';
    case 'InterpolatedString':
      return emitInterpolation(context, expression);
    case 'TemplateLiteral':
      return emitTemplate(context, expression);
    case 'ListLiteral':
      return emitList(context, expression);
    case 'TupleLiteral':
      return ['[', joinCode(expression.elements.map((element) => emitExpression(context, element)), ', '), ']'];
    case 'DictLiteral':
      return [
        '{ ',
        joinCode(expression.entries.map((entry) => [dictKey(context, entry.key), ': ', emitExpression(context, entry.value)]), ', '),
        ' }',
      ];
    case 'UnaryExpression':
      return expression.operator === '-'
        ? [rt('negate'), '(', emitExpression(context, expression.operand), ')']
        : ['!', emitCondition(context, expression.operand)];
    case 'BinaryExpression':
      return emitBinary(context, expression);
    case 'TypeTestExpression':
      return emitTypeTest(context, expression);
    case 'ConditionalExpression': {
      const value = context.temp();
      return [
        '(', rt('truthy'), '(', value, ' = ', emitExpression(context, expression.condition), ') ? await ', programMember('feed'), '(', value, ', ',
        emitExpression(context, expression.whenTrue), ') : await ', programMember('feed'), '(', value, ', ', emitExpression(context, expression.whenFalse), '))',
      ];
    }
    case 'PropagateExpression':
      context.markPropagation();
      return [rt('propagate'), '(await ', rt('settle'), '(async () => (', emitExpression(context, expression.operand), ')))'];
    case 'CallExpression':
      return emitCall(context, expression);
    case 'MemberExpression':
      return [rt('member'), '(', emitExpression(context, expression.object), ', ', quote(expression.property.name), ')'];
    case 'IndexExpression':
      return [rt('index'), '(', emitExpression(context, expression.object), ', ', emitExpression(context, expression.index), ')'];
    case 'SliceExpression':
      return [
        rt('slice'), '(', emitExpression(context, expression.object), ', ',
        expression.start === null ? 'null' : emitExpression(context, expression.start), ', ',
        expression.end === null ? 'null' : emitExpression(context, expression.end), ')',
      ];
    case 'VariantExpression':
      return [registryMember('variant'), '(', quote(expression.enumName.name), ', ', quote(expression.variant.name), ', [])'];
    case 'FunctionExpression':
      return emitFunctionExpression(context, expression);
    case 'BlockExpression':
      return ['(await (async () => ', emitBlockValue(context, expression.block), ')())'];
    case 'MatchExpression':
      return emitMatchAsValue(context, expression);
    case 'PythonEscapeExpression':
      return refusedByChecker('a python! block');
    case 'ForkExpression':
      return emitFork(context, expression);
    case 'SpawnExpression':
      return emitSpawn(context, expression);
    case 'AwaitExpression':
      return ['(await ', programMember('awaitTask'), '(', emitExpression(context, expression.operand), ', ', expression.timeout === null ? 'undefined' : emitExpression(context, expression.timeout), '))'];
    case 'Error':
      return refusedByChecker('source that did not parse');
  }
}

function emitName(context: EmitContext, name: Identifier): Code {
  const resolution = context.resolve(name);
  if (resolution.kind === 'global' && resolution.symbol.kind === 'tool' && resolution.symbol.declaration.kind === 'FunctionDeclaration') {
    return toolFunction(name.name, resolution.js);
  }
  return resolution.js;
}

/** A `@tool fn` used by the program itself: the function, whose failures the runtime turns into E102. */
export function toolFunction(name: string, js: string): Code {
  return [programMember('toolFunction'), '(', quote(name), ', ', js, ')'];
}

/**
 * A match inside an expression (an argument, an operand, a list element) runs in an async
 * arrow function whose return is the arm's value: its arms are statements. The checker keeps
 * `break`, `continue` and `return` from trying to leave it (check/placement.ts).
 */
function emitMatchAsValue(context: EmitContext, expression: MatchExpression): Code {
  return ['(await (async () => ', braces([emitMatchExpression(context, expression, 'return')]), ')())'];
}

function dictKey(context: EmitContext, key: Expression): Code {
  if (key.kind === 'Identifier') return propertyKey(key.name);
  if (key.kind === 'StringLiteral') return propertyKey(key.value);
  return ['[', rt('display'), '(', emitExpression(context, key), ')]'];
}

function emitInterpolation(context: EmitContext, expression: InterpolatedString): Code {
  const parts = expression.parts.map((part) =>
    part.kind === 'StringText' ? quote(part.value) : [rt('display'), '(', emitExpression(context, part), ')'],
  );
  return ['(', quote(''), ' + ', joinCode(parts, ' + '), ')'];
}

/**
 * A template renders where it is written, from the variables in scope that it names; a name
 * not in scope is left out, so rendering reports it (E802). The checker compiled the body
 * already (a malformed one is E801 at compile time), so compiling it here cannot fail.
 */
function emitTemplate(context: EmitContext, expression: TemplateLiteral): Code {
  const names = compileTemplate(expression.body).rootNames;
  const data = names
    .map((name) => ({ name, resolution: context.resolveInTemplate(expression, name) }))
    .filter(({ resolution }) => resolution.kind === 'local' || resolution.kind === 'global')
    .map(({ name, resolution }) => `${propertyKey(name)}: ${resolution.js}`);
  return [rt('renderTemplate'), '(', quote(expression.body), ', { ', data.join(', '), ' })'];
}

function emitList(context: EmitContext, expression: ListLiteral): Code {
  const elements = expression.elements.map((element) =>
    element.kind === 'SpreadElement' ? ['...', emitExpression(context, element.argument)] : emitExpression(context, element),
  );
  return ['[', joinCode(elements, ', '), ']'];
}

function emitBinary(context: EmitContext, expression: BinaryExpression): Code {
  const { operator } = expression;
  const helper = arithmeticHelper(operator);
  if (helper !== undefined) {
    return [rt(helper), '(', emitExpression(context, expression.left), ', ', emitExpression(context, expression.right), ')'];
  }
  if (NATIVE_COMPARISONS.has(operator)) {
    return ['(', emitExpression(context, expression.left), ` ${operator} `, emitExpression(context, expression.right), ')'];
  }
  switch (operator) {
    case '==':
      return [rt('equals'), '(', emitExpression(context, expression.left), ', ', emitExpression(context, expression.right), ')'];
    case '!=':
      return ['!', rt('equals'), '(', emitExpression(context, expression.left), ', ', emitExpression(context, expression.right), ')'];
    case 'in': {
      // The element is evaluated first, as written; the helper takes the collection first.
      const element = context.temp();
      return ['(', element, ' = ', emitExpression(context, expression.left), ', ', rt('contains'), '(', emitExpression(context, expression.right), ', ', element, '))'];
    }
    case 'and':
    case 'or':
      return emitLogical(context, expression, operator);
    case '||':
    case '&&':
      if (expression.right.kind === 'ListLiteral') return emitDag(context, expression);
      return emitLogical(context, expression, operator === '&&' ? 'and' : 'or');
    case '??':
      return emitCoalesce(context, expression);
    case 'otherwise':
    case 'fallback': {
      const value = context.temp();
      return [
        '(', rt('isErr'), '(', value, ' = await ', rt('settle'), '(async () => (', emitExpression(context, expression.left), '))) ? ',
        emitExpression(context, expression.right), ' : ', value, ')',
      ];
    }
    case '|>':
      return emitPipe(context, expression);
    case '>>':
      return emitAgentPipeline(context, expression);
    case '|>>':
    case '&>>':
      return emitDag(context, expression);
    default:
      // The arithmetic operators went through their helpers above; every other operator has a case.
      throw new Error(`internal: no code for the '${operator}' operator`);
  }
}

/** `value is T` asks the program's types (aliases, structs, protocols); `value is Err` the variant. */
function emitTypeTest(context: EmitContext, expression: TypeTestExpression): Code {
  const test = context.typeTest(expression);
  const value = emitExpression(context, expression.value);
  const code: Code = test.kind === 'type'
    ? [typeCheckerMember('test'), '(', value, ', ', context.typeDescriptorCode(test.type), ')']
    : [rt('isVariant'), '(', value, ', ', quote(test.enumName), ', ', quote(test.variant), ')'];
  return expression.negated ? ['!', code] : code;
}

/** `and`/`or` yield one of their operands, as in Python; between booleans they are `&&`/`||`. */
function emitLogical(context: EmitContext, expression: BinaryExpression, operator: 'and' | 'or'): Code {
  const left = emitExpression(context, expression.left);
  const right = emitExpression(context, expression.right);
  if (isBooleanExpression(expression.left) && isBooleanExpression(expression.right)) {
    return ['(', left, operator === 'and' ? ' && ' : ' || ', right, ')'];
  }
  const value = context.temp();
  return operator === 'and'
    ? ['(', rt('truthy'), '(', value, ' = ', left, ') ? ', right, ' : ', value, ')']
    : ['(', rt('truthy'), '(', value, ' = ', left, ') ? ', value, ' : ', right, ')'];
}

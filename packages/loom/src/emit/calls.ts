/**
 * Calls. The callee decides the form: a flow or function declared in the program is called
 * directly with its arguments put in parameter order, a struct is constructed, an agent run,
 * a builtin called; `std.ns.name(...)` calls the standard library function; `x.name(...)` goes
 * through the program's method dispatch and any other value through a checked call.
 * `x |> f(a)` is the call `f(x, a)`.
 */
import { STATE_CALLS } from '../language/harness.js';
import { emitStateCall } from './harness.js';
import type { Argument, BinaryExpression, CallExpression, MemberExpression } from '../syntax/ast.js';
import { at, joinCode, propertyKey, quote } from './code.js';
import type { Code } from './code.js';
import { STD_JS, parameterNamesOf, refusedByChecker } from './context.js';
import type { EmitContext } from './context.js';
import { emitExpression, toolFunction } from './expressions.js';
import { millisecondArgument } from '../language/millisecond-parameters.js';
import { durationLiteralMilliseconds, isDurationLiteral } from '../syntax/number-literal.js';
import { programMember, registryMember } from './runtime-names.js';

/** `x |> f(a)` is `f(x, a)`; `x |> f` is `f(x)`. */
export function emitPipe(context: EmitContext, expression: BinaryExpression): Code {
  const target = expression.right;
  const input: Argument = { kind: 'Argument', name: null, value: expression.left, span: expression.left.span };
  if (target.kind === 'CallExpression') return emitCall(context, { ...target, arguments: [input, ...target.arguments] });
  return emitCall(context, { kind: 'CallExpression', callee: target, arguments: [input], span: expression.span });
}


export function positional(context: EmitContext, args: readonly Argument[]): Code {
  return ['[', joinCode(args.filter((arg) => arg.name === null).map((arg) => emitExpression(context, arg.value)), ', '), ']'];
}

export function named(context: EmitContext, args: readonly Argument[]): Code {
  const entries = args.filter((arg) => arg.name !== null).map((arg) => [propertyKey(arg.name!.name), ': ', emitExpression(context, arg.value)]);
  return ['{ ', joinCode(entries, ', '), ' }'];
}

/** `, { name: value }` for the named arguments of a call whose target binds them by name; nothing when there are none. */
function namedSuffix(context: EmitContext, args: readonly Argument[]): Code {
  return args.some((arg) => arg.name !== null) ? [', ', named(context, args)] : '';
}

/** Arguments of a call whose target takes no names: named ones travel as a trailing dict. */
export function argumentList(context: EmitContext, args: readonly Argument[]): Code {
  const values = args.filter((arg) => arg.name === null).map((arg) => emitExpression(context, arg.value));
  if (args.some((arg) => arg.name !== null)) values.push(named(context, args));
  return joinCode(values, ', ');
}

/**
 * A flow's arguments in parameter order; a missing one is `undefined` so its default applies.
 * They are evaluated as written: named ones out of parameter order (`f(b: g(), a: h())`) are
 * evaluated into a list first, then handed over in parameter order.
 */
function flowArguments(context: EmitContext, args: readonly Argument[], parameters: readonly string[]): Code {
  const positions: number[] = [];
  let nextPositional = 0;
  for (const arg of args) {
    if (arg.name === null) {
      positions.push(nextPositional++);
      continue;
    }
    const position = parameters.indexOf(arg.name.name);
    // The checker refuses a name the flow does not declare (check/calls.ts).
    if (position < 0) return refusedByChecker(`the named argument '${arg.name.name}'`);
    positions.push(position);
  }
  const values = args.map((arg) => emitExpression(context, arg.value));
  const slots = Array.from({ length: Math.max(0, ...positions.map((position) => position + 1)) }, (_, slot) => positions.lastIndexOf(slot));
  if (positions.every((position, index) => index === 0 || position > positions[index - 1])) {
    return joinCode(slots.map((index) => (index < 0 ? 'undefined' : values[index])), ', ');
  }
  const reordered = slots.map((index) => (index < 0 ? 'undefined' : `$a[${index}]`)).join(', ');
  return [`...(($a) => [${reordered}])([`, joinCode(values, ', '), '])'];
}

/**
 * `[namespace, function]` of `std.ns.name(...)`, the function dotted when it is deeper
 * (`std.db.sqlite.connect` → `['db', 'sqlite.connect']`). Such a call must not go through
 * method dispatch: a namespace is a plain object there, so `std.json.get` or `std.http.get`
 * would find the dict method `get` of the namespace object instead of the library function.
 */
function stdFunction(context: EmitContext, callee: MemberExpression): [string, string] | undefined {
  const path = [callee.property.name];
  let object = callee.object;
  while (object.kind === 'MemberExpression') {
    path.unshift(object.property.name);
    object = object.object;
  }
  if (object.kind !== 'Identifier' || context.resolve(object).js !== STD_JS || path.length < 2) return undefined;
  const [namespace, ...name] = path;
  return [namespace, name.join('.')];
}

/**
 * A duration literal that a std.concurrent function reads as milliseconds (`after(500ms, f)`)
 * is emitted as its milliseconds, 500, instead of its value in seconds, 0.5, so the timer
 * waits the length written (language/millisecond-parameters.ts).
 */
function handMillisecondsOver(context: EmitContext, name: string, args: readonly Argument[]): void {
  const value = millisecondArgument(name, args)?.value;
  if (value?.kind === 'NumberLiteral' && isDurationLiteral(value)) context.substitute(value, String(durationLiteralMilliseconds(value)));
}

export function emitCall(context: EmitContext, call: CallExpression): Code {
  const { callee } = call;
  if (callee.kind === 'VariantExpression') {
    return [registryMember('variant'), '(', quote(callee.enumName.name), ', ', quote(callee.variant.name), ', [', argumentList(context, call.arguments), '])'];
  }
  if (callee.kind === 'MemberExpression') {
    const std = stdFunction(context, callee);
    if (std !== undefined && std[0] === 'concurrent') handMillisecondsOver(context, std[1], call.arguments);
    // std functions and handle methods bind named arguments by their documented parameter names.
    if (std !== undefined) return ['(await ', programMember('callStd'), '(', quote(std[0]), ', ', quote(std[1]), ', ', positional(context, call.arguments), namedSuffix(context, call.arguments), '))'];
    return ['(await ', programMember('callMethod'), '(', emitExpression(context, callee.object), ', ', quote(callee.property.name), ', ', positional(context, call.arguments), namedSuffix(context, call.arguments), '))'];
  }
  if (callee.kind === 'Identifier') {
    const resolution = context.resolve(callee);
    if (resolution.kind === 'global') {
      switch (resolution.symbol.kind) {
        case 'flow':
        case 'function':
          // Located at the call: a wrong argument is reported here, not at the parameter.
          return at(call.span, ['(await ', resolution.js, '(', flowArguments(context, call.arguments, parameterNamesOf(resolution.symbol) ?? []), '))']);
        case 'struct':
          return [registryMember('construct'), '(', resolution.js, ', ', positional(context, call.arguments), ', ', named(context, call.arguments), ')'];
        case 'agent':
          return ['(await ', resolution.js, '.call([', argumentList(context, call.arguments), ']))'];
        case 'tool':
          if (resolution.symbol.declaration.kind !== 'FunctionDeclaration') break;
          return ['(await ', toolFunction(callee.name, resolution.js), '(', flowArguments(context, call.arguments, parameterNamesOf(resolution.symbol) ?? []), '))'];
        default:
          break;
      }
    }
    if (resolution.kind === 'builtin' && STATE_CALLS.has(callee.name)) return emitStateCall(context, call, callee.name);
    if (resolution.kind === 'builtin') {
      handMillisecondsOver(context, callee.name, call.arguments);
      return ['(await ', resolution.js, '(', argumentList(context, call.arguments), '))'];
    }
  }
  return ['(await ', programMember('call'), '(', emitExpression(context, callee), ', [', argumentList(context, call.arguments), ']))'];
}

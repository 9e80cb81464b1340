/**
 * Function bodies: flows, functions, impl methods, closures and tests all become async
 * JavaScript functions whose locals are hoisted to the top. A body returns what `return`
 * says, else the value of its last expression statement, else (for flows) its `result`
 * variable, else null. Contracts and annotated types wrap the body: parameters and
 * `requires` are checked before it runs, `ensures` and the result type after, with `result`
 * naming the returned value and `old(x)` the value `x` had on entry.
 */
import type { Block, CallExpression, ContractClause, FunctionExpression, Node, Parameter, TypeExpression } from '../syntax/ast.js';
import { at, braces, joinCode, quote } from './code.js';
import type { Code } from './code.js';
import type { EmitContext, FrameView } from './context.js';
import { emitExpression } from './expressions.js';
import { emitStatementsWithValue } from './match.js';
import { emitClauseCheck } from './statements.js';
import { walk } from '../syntax/walk.js';
import { harnessMember, rt, typeCheckerMember } from './runtime-names.js';

export interface FunctionShape {
  /** The JavaScript function name; empty for an anonymous function. */
  readonly name: string;
  /** How messages name it: `flow transfer`. */
  readonly label: string;
  /** Names bound before the declared parameters (`self` of an impl method). */
  readonly implicitParameters?: readonly string[];
  readonly parameters: readonly Parameter[];
  readonly body: Block;
  readonly returnType?: TypeExpression | null;
  readonly contracts?: readonly ContractClause[];
  /** Flows return their `result` variable when the body ends without a value. */
  readonly returnsResultVariable?: boolean;
}

const RESULT_NAME = 'result';
const RESULT_JS = '$result';

export function emitFunction(context: EmitContext, shape: FunctionShape): Code {
  const parameterNames = [...(shape.implicitParameters ?? []), ...shape.parameters.map((parameter) => parameter.name.name)];
  const { result: body, frame } = context.inFunction(parameterNames, context.localsOf(shape.body), (view) => [
    ...shape.parameters.flatMap((parameter) => emitDefault(context, parameter)),
    ...emitFunctionBody(context, shape, view),
  ]);
  const parameters = parameterNames.map((name) => context.local(name));
  const declarations = frame.declaredNames();
  const locals = declarations.length === 0 ? [] : [`let ${declarations.join(', ')};`];
  return [`async function ${shape.name}(`, joinCode(parameters, ', '), ') ', braces([...locals, ...body])];
}

/**
 * A default applies to a missing argument (or one passed as null), evaluated in the body so
 * that it may use the function's temporaries and see the parameters before it.
 */
function emitDefault(context: EmitContext, parameter: Parameter): Code[] {
  if (parameter.defaultValue === null) return [];
  const name = context.local(parameter.name);
  return [at(parameter.span, [name, ' ??= ', emitExpression(context, parameter.defaultValue), ';'])];
}

function emitFunctionBody(context: EmitContext, shape: FunctionShape, frame: FrameView): Code[] {
  const contracts = shape.contracts ?? [];
  const checksTypes = shape.parameters.some((parameter) => parameter.type !== null) || (shape.returnType ?? null) !== null;
  if (contracts.length === 0 && !checksTypes) return emitPlainBody(context, shape, frame);

  const clauses = (kind: ContractClause['clause']) => contracts.filter((clause) => clause.clause === kind);
  const olds = clauses('ensures').flatMap((clause) => oldCalls(clause.condition));
  const entry: Code[] = [
    ...shape.parameters.filter((parameter) => parameter.type !== null).map((parameter) =>
      at(parameter.span, [typeCheckerMember('checkArgument'), '(', context.local(parameter.name), ', ', context.typeDescriptorCode(parameter.type!), ', ', quote(`parameter '${parameter.name.name}' of ${shape.label}`), ');']),
    ),
    ...clauses('requires').map((clause) => emitClauseCheck(context, clause, argumentsDict(context, shape))),
    ...clauses('invariant').map((clause) => emitClauseCheck(context, clause, argumentsDict(context, shape))),
    ...olds.map((call) => {
      const snapshot = context.temp();
      context.substitute(call, snapshot);
      const [argument] = call.arguments;
      return [snapshot, ' = ', rt('snapshot'), '(', argument === undefined ? 'null' : emitExpression(context, argument.value), ');'];
    }),
  ];
  const run = [RESULT_JS, ' = await (async () => ', braces(emitPlainBody(context, shape, frame)), ')();'];
  const exit = context.withRenamed(RESULT_NAME, RESULT_JS, () => [
    ...clauses('ensures').map((clause) => emitClauseCheck(context, clause, RESULT_JS)),
    ...clauses('invariant').map((clause) => emitClauseCheck(context, clause, RESULT_JS)),
    ...(shape.returnType == null ? [] : [at(shape.returnType.span, [typeCheckerMember('check'), '(', RESULT_JS, ', ', context.typeDescriptorCode(shape.returnType), ', ', quote(`result of ${shape.label}`), ');'])]),
  ]);
  return [`let ${RESULT_JS};`, ...entry, run, ...exit, `return ${RESULT_JS};`];
}

/** What a semantic `requires` is judged about: the arguments by name. */
function argumentsDict(context: EmitContext, shape: FunctionShape): Code {
  return ['{ ', joinCode(shape.parameters.map((parameter) => [quote(parameter.name.name), ': ', context.local(parameter.name)]), ', '), ' }'];
}

function oldCalls(condition: Node): CallExpression[] {
  const calls: CallExpression[] = [];
  walk(condition, (node) => {
    if (node.kind === 'CallExpression' && node.callee.kind === 'Identifier' && node.callee.name === 'old') calls.push(node);
    return true;
  });
  return calls;
}

function emitPlainBody(context: EmitContext, shape: FunctionShape, frame: FrameView): Code[] {
  const statements = emitStatementsWithValue(context, shape.body.statements, 'return');
  const fallback = shape.returnsResultVariable === true && frame.hasLocal(RESULT_NAME) ? `return ${context.local(RESULT_NAME)};` : 'return null;';
  return withBoundaries(frame, [...statements, fallback]);
}

/**
 * Wraps a body in what its statements need: the boundary a `?` propagation stops at (the body
 * returns the Err), the list `defer` blocks are pushed to, run however the body ends, and the
 * harness settings of its own a body holding a harness form runs with (emit/harness.ts).
 */
export function withBoundaries(frame: FrameView, statements: Code[]): Code[] {
  let body = statements;
  if (frame.usesPropagation) {
    body = [['try ', braces(body), ' catch ($error) ', braces([['if ($error instanceof ', rt('Propagation'), ') return ', rt('propagated'), '($error);'], 'throw $error;'])]];
  }
  if (frame.usesDefer) {
    body = ['const $defers = [];', ['try ', braces(body), ' finally ', braces([['await ', rt('runDeferred'), '($defers);']])]];
  }
  // Awaited, not just returned, so a failure's async stack keeps the frames of the callers.
  if (frame.usesHarness) body = [['return await ', harnessMember('invoke'), '(async () => ', braces(body), ');']];
  return body;
}

export function emitFunctionExpression(context: EmitContext, expression: FunctionExpression): Code {
  return ['(', emitFunction(context, { name: '', label: 'closure', parameters: expression.parameters, body: expression.body }), ')'];
}

/** A block used as a value: its statements, then the value of its last expression statement. */
export function emitBlockValue(context: EmitContext, block: Block): Code {
  return braces([...emitStatementsWithValue(context, block.statements, 'return'), 'return null;']);
}

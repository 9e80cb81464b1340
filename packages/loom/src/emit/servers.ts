/**
 * `server` declarations become a registration with the program (`$p.server({...})`): the flat
 * route table of syntax/server-routes.ts with each route's handler as stages, its middleware,
 * and its contracts as functions of the request and the handler's result. Nothing listens
 * here: `loom serve` starts the registered servers once the program's declarations and
 * top-level statements have run (runtime/server/).
 *
 * A stage that names a flow carries the flow's parameter names, so the request can be handed
 * over by name (`flow get_user(id)` gets the path parameter `id`); any other stage (an agent,
 * a closure) is an expression evaluated when the server starts, since agents are declared in
 * source order and may come after the server.
 */
import type { ContractClause, Expression, ServerDeclaration } from '../syntax/ast.js';
import { flattenServer, serverLabel, typedPathParameters } from '../syntax/server-routes.js';
import type { FlatRoute } from '../syntax/server-routes.js';
import { at, braces, joinCode, quote } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { parameterNamesOf } from './context.js';
import { emitExpression } from './expressions.js';
import { emitClauseCheck } from './statements.js';
import { programMember } from './runtime-names.js';

/** `A |>> B >> C`: the stages of a handler chain, first to last (a list stage fans out). */
function chainStages(expression: Expression): Expression[] {
  if (expression.kind === 'BinaryExpression' && (expression.operator === '|>>' || expression.operator === '>>')) {
    return [...chainStages(expression.left), expression.right];
  }
  return [expression];
}

function emitStage(context: EmitContext, expression: Expression): Code {
  const name = quote(context.sourceText(expression.span));
  if (expression.kind === 'ListLiteral') {
    const branches = expression.elements.map((element) => emitStage(context, element.kind === 'SpreadElement' ? element.argument : element));
    return ['{ name: ', name, ', fanOut: [', joinCode(branches, ', '), '] }'];
  }
  if (expression.kind === 'Identifier') {
    const resolution = context.resolve(expression);
    if (resolution.kind === 'global') {
      const { declaration } = resolution.symbol;
      const parameters = parameterNamesOf(resolution.symbol);
      if (parameters !== undefined && (declaration.kind === 'FlowDeclaration' || declaration.kind === 'FunctionDeclaration')) {
        return ['{ name: ', name, ', call: ', context.declared(expression), ', parameters: [', parameters.map(quote).join(', '), '] }'];
      }
    }
  }
  return ['{ name: ', name, ', target: async () => (', emitExpression(context, expression), ') }'];
}

function emitRouteContract(context: EmitContext, clause: ContractClause): Code {
  const { result: check, frame } = context.inFunction(['$request', '$result'], [], () =>
    context.withRenamed('request', '$request', () =>
      context.withRenamed('result', '$result', () => emitClauseCheck(context, clause, clause.clause === 'ensures' ? '$result' : '$request')),
    ),
  );
  const temps = frame.declaredNames();
  return at(clause.span, [
    '{ clause: ', quote(clause.clause), ', text: ', quote(context.sourceText(clause.condition.span)), ', check: async ($request, $result) => ',
    braces([...(temps.length === 0 ? [] : [`let ${temps.join(', ')};`]), check]), ' }',
  ]);
}

function emitRoute(context: EmitContext, flat: FlatRoute): Code {
  const { route, handler } = flat;
  // The checker reports a route without a handler (E003); such a program never gets here.
  const stages = handler === null ? [] : chainStages(handler).map((stage) => emitStage(context, stage));
  return at(route.span, [
    '{ method: ', flat.method === null ? 'null' : quote(flat.method),
    ', path: ', quote(flat.path), ', routerPath: ', quote(flat.routerPath),
    ', parameterTypes: ', JSON.stringify(typedPathParameters(flat.path)),
    ', semantic: ', String(route.semantic),
    ', handler: ', quote(handler === null ? '' : context.sourceText(handler.span)),
    ', stages: [', joinCode(stages, ', '), ']',
    ', middleware: [', joinCode(flat.middleware.map((element) => emitStage(context, element)), ', '), ']',
    ', contracts: [', joinCode(route.contracts.map((clause) => emitRouteContract(context, clause)), ', '), '] }',
  ]);
}

export function emitServer(context: EmitContext, declaration: ServerDeclaration): Code {
  const flat = flattenServer(declaration);
  const value = (name: string): Expression | undefined => flat.values.find((directive) => directive.name.name === name)?.value;
  const cors = value('cors');
  const bodyLimit = value('body_limit');
  return [
    programMember('server'), '({ label: ', quote(serverLabel(declaration)),
    ', name: ', declaration.name === null ? 'null' : quote(declaration.name.name),
    ', port: ', declaration.port === null ? 'null' : String(declaration.port.value),
    ', bodyLimit: ', bodyLimit?.kind === 'NumberLiteral' ? String(bodyLimit.value) : 'null',
    ', cors: ', cors === undefined ? 'null' : ['async () => (', emitExpression(context, cors), ')'],
    ', statics: [', flat.statics.map((entry) => `{ urlPath: ${quote(entry.urlPath)}, directory: ${quote(entry.directory)} }`).join(', '), ']',
    ', requestContext: ', String(context.callsRequestFunctions()),
    ', requireAuth: [', flat.requireAuth.flatMap((entry) => (entry.prefix === null ? [] : [quote(entry.prefix)])).join(', '), ']',
    ', routes: [', joinCode(flat.routes.map((route) => emitRoute(context, route)), ', '), '] });',
  ];
}

/**
 * The Nexa v2 harness forms (runtime/harness/). A function whose body holds one runs each
 * invocation with harness settings of its own (`$p.harness.invoke`, added by withBoundaries
 * once `markHarness` was called), so hooks and blocks it declares end with it.
 *
 *     autoloop max_steps: 5, exit_when: "done" { body }
 *
 * becomes a while loop driven by the loop's controller, which starts each step, judges the
 * exit condition about the variables the body assigns, and is told how a step ended:
 *
 *     $t1 = $p.harness.autoloop({ "max_steps": 5, "exit_when": "done" }, "main.nx:3:5");
 *     try {
 *       while (await $t1.next(() => ({ "result": result }))) {
 *         try { body } catch ($error) { $t2 = await $t1.failed($error); if ($t2 === 1) break; if ($t2 === 2) continue; throw $error; }
 *         finally { await $t1.stepEnded(); }
 *       }
 *     } finally { $t1.close(); }
 *
 * `try_agent { body } catch_correction(e: ToolError) { fix }` is a try/catch whose catch goes on
 * only for the error types named (`$p.harness.corrects` also leaves the failure as a reflection
 * and shows it to the `on_error` hooks); any other error is raised again. A hook is a closure
 * registered where it is declared: `$p.harness.hook("on_error", null, ["ToolError"], async (e) => { ... })`.
 *
 * `reflect x` hands its text to `$p.harness.reflect`; `verify` to one of `verifyType` (a type),
 * `verifyClaim` (a semantic condition) and `verifyHolds` (`contains` or an expression), each
 * given the check as written for its message.
 *
 * `fork [a, b] merge best_of` hands each branch over as a closure, so they run at the same
 * time: `(await $p.harness.fork([async () => a, async () => b], "best_of"))`. `snapshot()` is
 * given the variables of the function it is called in by name, and `restore(snap)` assigns back
 * those its snapshot holds: `($t = $p.harness.restore(snap), "x" in $t && (x = $t["x"]), null)`.
 *
 * `with_context options { body }` enters a window and leaves it however the body ends:
 * `$t = $p.harness.enterWindow({ "max_tokens": 500, "strategy": "sliding_window" }); try { body }
 * finally { $p.harness.leave($t); }`; a `context_policy { ... }` statement declares one for the
 * rest of its block (`$p.harness.declareWindow({...})`).
 */
import { HOOK_PARAMETERS, STEP_FAILURE, STRATEGY_OPTION } from '../language/harness.js';
import type { Argument, AutoloopStatement, CallExpression, ContextPolicyStatement, DictLiteral, Expression, ForkBlockStatement, ForkExpression, LifecycleHookStatement, PropertyBlock, ReflectStatement, TryAgentStatement, TypeExpression, UnharnessedStatement, VerifyStatement, WithContextStatement } from '../syntax/ast.js';
import { forEachBodyBinding } from '../syntax/bindings.js';
import { plainTypeName, unionMembers, writtenName, writtenOptions } from '../syntax/written-names.js';
import type { WrittenOption } from '../syntax/written-names.js';
import { braces, joinCode, quote } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { refusedByChecker } from './context.js';
import { emitExpression } from './expressions.js';
import { autoloopMember, harnessMember, rt } from './runtime-names.js';
import { emitBlock, emitStatements } from './statements.js';

export function emitAutoloop(context: EmitContext, statement: AutoloopStatement): Code {
  context.markHarness();
  const loop = context.temp();
  const action = context.temp();
  const assigned = new Set<string>();
  forEachBodyBinding(statement.body, (name) => assigned.add(name.name));
  const subject = ['() => ({ ', joinCode([...assigned].map((name) => [quote(name), ': ', context.local(name)]), ', '), ' })'];
  const { start } = statement.span;
  const site = `${statement.span.file}:${start.line}:${start.column}`;
  const onFailure = braces([
    [action, ' = await ', autoloopMember(loop, 'failed'), '($error);'],
    `if (${action} === ${STEP_FAILURE.endLoop}) break;`,
    `if (${action} === ${STEP_FAILURE.nextStep}) continue;`,
    'throw $error;',
  ]);
  const step = ['try ', emitBlock(context, statement.body), ' catch ($error) ', onFailure, ' finally ', braces([['await ', autoloopMember(loop, 'stepEnded'), '();']])];
  return [
    loop, ' = ', harnessMember('autoloop'), '(', emitOptions(context, statement.options), ', ', quote(site), ');\n',
    'try ', braces([['while (await ', autoloopMember(loop, 'next'), '(', subject, ')) ', braces([step])]]),
    ' finally ', braces([[autoloopMember(loop, 'close'), '();']]),
  ];
}

/**
 * `{ "name": value, ... }`; the checker has made sure every option is named and known. A
 * strategy is a name, handed over as text.
 */
function emitOptions(context: EmitContext, options: readonly (Argument | WrittenOption)[]): Code {
  const entries = options.flatMap((option) => {
    if (option.name === null) return [];
    const { value } = option;
    if (value.kind === 'PropertyBlock') return refusedByChecker('a block as a harness option value');
    const name = option.name.name;
    const strategy = name === STRATEGY_OPTION ? writtenName(value) : null;
    return [[quote(name), ': ', strategy === null ? emitExpression(context, value) : quote(strategy)]];
  });
  return ['{ ', joinCode(entries, ', '), ' }'];
}

export function emitWithContext(context: EmitContext, statement: WithContextStatement): Code {
  context.markHarness();
  const saved = context.temp();
  return [
    saved, ' = ', harnessMember('enterWindow'), '(', emitOptions(context, statement.options), ');\n',
    'try ', emitBlock(context, statement.body), ' finally ', braces([[harnessMember('leave'), '(', saved, ');']]),
  ];
}

/**
 * `fork { ... } and { ... }`: each branch an async function of the flow's own JavaScript
 * function, so the variables it assigns (hoisted to the flow) are the flow's.
 */
export function emitForkBlocks(context: EmitContext, statement: ForkBlockStatement): Code {
  context.markHarness();
  const branches = statement.branches.map((branch) => ['async () => ', emitBlock(context, branch)]);
  return ['await ', harnessMember('forkBlocks'), '([', joinCode(branches, ', '), ']);'];
}

/** `unharnessed ["reason"] { body }`: no hook fires and no window or reflection applies inside. */
export function emitUnharnessed(context: EmitContext, statement: UnharnessedStatement): Code {
  context.markHarness();
  const saved = context.temp();
  return [
    saved, ' = ', harnessMember('enterUnharnessed'), '();\n',
    'try ', emitBlock(context, statement.body), ' finally ', braces([[harnessMember('leave'), '(', saved, ');']]),
  ];
}

export function emitContextPolicy(context: EmitContext, statement: ContextPolicyStatement): Code {
  context.markHarness();
  return [harnessMember('declareWindow'), '(', emitOptions(context, statement.properties), ');'];
}

/** An agent's `context_policy: { ... }` property, for its spec: literal values only (the checker holds them). */
export function emitContextPolicyProperty(context: EmitContext, value: DictLiteral | PropertyBlock): Code {
  return emitOptions(context, writtenOptions(value));
}

export function emitTryAgent(context: EmitContext, statement: TryAgentStatement): Code {
  const handler = statement.correction ?? refusedByChecker('a try_agent without catch_correction');
  const caught = handler.parameter === null ? [] : [[context.local(handler.parameter.name), ' = $error;']];
  const types = errorTypesCode(handler.parameter?.type ?? null);
  return [
    'try ', emitBlock(context, statement.body), ' catch ($error) ',
    braces([
      [rt('rethrowSignal'), '($error);'],
      ['if (!(await ', harnessMember('corrects'), '($error, ', types, '))) throw $error;'],
      ...caught,
      ...emitStatements(context, handler.body.statements),
    ]),
  ];
}

export function emitHook(context: EmitContext, statement: LifecycleHookStatement): Code {
  context.markHarness();
  const kind = statement.hook.name;
  const [parameter] = statement.parameters;
  const takes = HOOK_PARAMETERS.get(kind) ?? refusedByChecker(`the hook ${kind}`);
  const tool = takes === 'tool' && parameter !== undefined ? quote(parameter.name.name) : 'null';
  const errorTypes = takes === 'error' ? errorTypesCode(parameter?.type ?? null) : 'null';
  const bound = takes === 'error' && parameter !== undefined ? context.local(parameter.name) : '';
  return [harnessMember('hook'), '(', quote(kind), ', ', tool, ', ', errorTypes, ', async (', bound, ') => ', emitBlock(context, statement.body), ');'];
}

/** The error types as a JavaScript list of names, or null for every error (the checker has read them). */
function errorTypesCode(type: TypeExpression | null): string {
  if (type === null) return 'null';
  return `[${unionMembers(type).map((member) => quote(plainTypeName(member) ?? refusedByChecker('an error type that is not a name'))).join(', ')}]`;
}

export function emitReflect(context: EmitContext, statement: ReflectStatement): Code {
  return [harnessMember('reflect'), '(', emitExpression(context, statement.message), ');'];
}

export function emitVerify(context: EmitContext, statement: VerifyStatement): Code {
  const subject = emitExpression(context, statement.subject);
  const written = quote(context.sourceText(statement.span).replace(/^verify\s+/, '').replace(/;$/, '').trim());
  const { target } = statement;
  switch (statement.mode) {
    case 'satisfies': {
      const type = target as TypeExpression;
      if (type.kind === 'StringType' && !context.readsAsType(type)) return ['await ', harnessMember('verifyClaim'), '(', quote(type.text), ', ', subject, ', ', written, ');'];
      return ['await ', harnessMember('verifyType'), '(', subject, ', ', context.typeDescriptorCode(type), ', ', written, ');'];
    }
    case 'against':
      return ['await ', harnessMember('verifyClaim'), '(', subject, ', ', emitExpression(context, target as Expression), ', ', written, ');'];
    case 'contains':
      return ['await ', harnessMember('verifyHolds'), '(', rt('contains'), '(', subject, ', ', emitExpression(context, target as Expression), '), ', subject, ', ', written, ');'];
    case 'expression':
      return ['await ', harnessMember('verifyHolds'), '(', rt('truthy'), '(', subject, '), ', subject, ', ', written, ');'];
  }
}

export function emitFork(context: EmitContext, expression: ForkExpression): Code {
  const branches = expression.branches.elements.map((branch) =>
    branch.kind === 'SpreadElement' ? refusedByChecker('a spread among fork branches') : ['async () => (', emitExpression(context, branch), ')']);
  const strategy = expression.strategy === null ? 'null' : quote(expression.strategy.name);
  return ['(await ', harnessMember('fork'), '([', joinCode(branches, ', '), '], ', strategy, '))'];
}

/** `snapshot(label?)` and `restore(snap)`, called where no declaration of the program takes the name. */
export function emitStateCall(context: EmitContext, call: CallExpression, name: string): Code {
  const locals = context.frameLocals();
  const [first] = call.arguments;
  const argument = first === undefined ? 'undefined' : emitExpression(context, first.value);
  if (name === 'snapshot') {
    const variables = ['{ ', joinCode(locals.map((local) => [quote(local), ': ', context.local(local)]), ', '), ' }'];
    return [harnessMember('snapshot'), '(', variables, ', ', argument, ')'];
  }
  const restored = context.temp();
  const assignments = locals.map((local) => [quote(local), ' in ', restored, ' && (', context.local(local), ' = ', restored, '[', quote(local), '])']);
  return ['(', restored, ' = ', harnessMember('restore'), '(', argument, '), ', ...assignments.flatMap((assignment) => [assignment, ', ']), 'null)'];
}

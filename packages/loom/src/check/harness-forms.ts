/**
 * The harness forms Loom runs, checked for what the grammar lets through but the form does not
 * take: unknown or repeated options and literal values of the wrong kind (harness-options.ts),
 * a `try_agent` without its `catch_correction`, error types that are not error types
 * (harness-errors.ts), hooks whose parameters do not fit the hook, an unknown merge strategy,
 * and `snapshot`/`restore` given the wrong arguments.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { AUTOLOOP_OPTIONS, CONTEXT_WINDOW_OPTIONS, HOOK_PARAMETERS, MERGE_STRATEGIES, MERGE_STRATEGY_ALIASES, STATE_CALLS } from '../language/harness.js';
import { suggestionHint } from '../language/suggest.js';
import type { CallExpression, ForkExpression, LifecycleHookStatement, Node, TryAgentStatement } from '../syntax/ast.js';
import type { Resolution } from './resolver.js';
import type { NodeVisitor } from '../syntax/walk.js';
import type { GlobalTable } from './binder.js';
import { readErrorTypes } from './harness-errors.js';
import { optionProblems } from './harness-options.js';
import { leadingSpan } from './positions.js';

export class HarnessFormChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set([
    'AutoloopStatement', 'WithContextStatement', 'ContextPolicyStatement', 'TryAgentStatement', 'LifecycleHookStatement', 'ForkExpression', 'CallExpression',
  ]);
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly globals: GlobalTable,
    private readonly resolution: Resolution,
  ) {}

  enter(node: Node): void {
    switch (node.kind) {
      case 'AutoloopStatement':
        this.diagnostics.push(...optionProblems('autoloop', node.options, AUTOLOOP_OPTIONS));
        return;
      case 'WithContextStatement':
        this.diagnostics.push(...optionProblems('with_context', node.options, CONTEXT_WINDOW_OPTIONS));
        return;
      case 'ContextPolicyStatement':
        this.diagnostics.push(...optionProblems('context_policy', node.properties, CONTEXT_WINDOW_OPTIONS));
        return;
      case 'TryAgentStatement':
        this.diagnostics.push(...tryAgentProblems(node));
        return;
      case 'LifecycleHookStatement':
        this.diagnostics.push(...this.hookProblems(node));
        return;
      case 'ForkExpression':
        this.diagnostics.push(...forkProblems(node));
        return;
      case 'CallExpression':
        this.diagnostics.push(...this.stateCallProblems(node));
        return;
      default:
        return;
    }
  }

  /** `snapshot()` takes an optional label, `restore(snap)` the snapshot. */
  private stateCallProblems(call: CallExpression): Diagnostic[] {
    const { callee } = call;
    if (callee.kind !== 'Identifier' || !STATE_CALLS.has(callee.name) || this.resolution.names.referenceTo(callee)?.kind !== 'builtin') return [];
    const named = call.arguments.find((argument) => argument.name !== null);
    const least = callee.name === 'snapshot' ? 0 : 1;
    const usage = callee.name === 'snapshot' ? 'snapshot() or snapshot("label")' : 'restore(snap), with what snapshot() returned';
    if (named !== undefined || call.arguments.length < least || call.arguments.length > 1) return [diagnostic('E002', call.span, `write ${usage}`)];
    return [];
  }

  private hookProblems(hook: LifecycleHookStatement): Diagnostic[] {
    const name = hook.hook.name;
    const parameters = HOOK_PARAMETERS.get(name);
    const [first, ...extra] = hook.parameters;
    if (parameters === 'error') {
      if (extra[0] !== undefined) return [diagnostic('E002', extra[0].span, `'${name}' takes one parameter, the error: write ${name}(e: ToolError)`)];
      return first === undefined ? [] : [...readErrorTypes(first.type, name).problems];
    }
    if (parameters === 'tool') {
      const usage = `write ${name}(tool_name) with the name of a @tool fn`;
      if (first === undefined || extra[0] !== undefined || first.type !== null || first.defaultValue !== null) {
        return [diagnostic('E002', (extra[0] ?? first ?? hook.hook).span, `'${name}' names one tool: ${usage}`)];
      }
      const symbol = this.globals.lookup(first.name.name);
      // An undeclared name is the resolver's E001.
      if (symbol === undefined || (symbol.kind === 'tool' && symbol.declaration.kind === 'FunctionDeclaration')) return [];
      return [diagnostic('E002', first.name.span, `'${first.name.name}' is not a @tool fn: ${usage}`)];
    }
    return [];
  }
}

function forkProblems(fork: ForkExpression): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const spread = fork.branches.elements.find((element) => element.kind === 'SpreadElement');
  if (spread !== undefined) problems.push(diagnostic('E002', spread.span, 'fork branches are written out one by one: fork [A.run(x), B.run(x)]'));
  const strategy = fork.strategy?.name;
  if (fork.strategy !== null && strategy !== undefined && !(MERGE_STRATEGIES as readonly string[]).includes(strategy) && !MERGE_STRATEGY_ALIASES.has(strategy)) {
    const suggestion = suggestionHint(strategy, MERGE_STRATEGIES);
    problems.push(diagnostic('E002', fork.strategy.span, `'${strategy}' is not a merge strategy (${MERGE_STRATEGIES.join(', ')})`, suggestion === undefined ? {} : { hint: suggestion }));
  }
  return problems;
}

function tryAgentProblems(statement: TryAgentStatement): Diagnostic[] {
  const { correction } = statement;
  if (correction === null) {
    return [diagnostic('E004', leadingSpan(statement.span, 'try_agent'.length), "'try_agent' needs its 'catch_correction' block", {
      hint: 'add catch_correction(e: ToolError) { ... } after the block',
    })];
  }
  return [...readErrorTypes(correction.parameter?.type ?? null, 'catch_correction').problems];
}

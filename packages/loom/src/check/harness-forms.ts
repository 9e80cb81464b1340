/**
 * The harness forms Loom runs, checked for what the grammar lets through but the form does not
 * take: unknown or repeated options and literal values of the wrong kind (harness-options.ts),
 * a `try_agent` without its `catch_correction`, error types that are not error types
 * (harness-errors.ts), and hooks whose parameters do not fit the hook.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { AUTOLOOP_OPTIONS, HOOK_PARAMETERS } from '../language/harness.js';
import type { LifecycleHookStatement, Node, TryAgentStatement } from '../syntax/ast.js';
import type { NodeVisitor } from '../syntax/walk.js';
import type { GlobalTable } from './binder.js';
import { readErrorTypes } from './harness-errors.js';
import { optionProblems } from './harness-options.js';
import { leadingSpan } from './positions.js';

export class HarnessFormChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['AutoloopStatement', 'TryAgentStatement', 'LifecycleHookStatement']);
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly globals: GlobalTable) {}

  enter(node: Node): void {
    switch (node.kind) {
      case 'AutoloopStatement':
        this.diagnostics.push(...optionProblems('autoloop', node.options, AUTOLOOP_OPTIONS));
        return;
      case 'TryAgentStatement':
        this.diagnostics.push(...tryAgentProblems(node));
        return;
      case 'LifecycleHookStatement':
        this.diagnostics.push(...this.hookProblems(node));
        return;
      default:
        return;
    }
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

function tryAgentProblems(statement: TryAgentStatement): Diagnostic[] {
  const { correction } = statement;
  if (correction === null) {
    return [diagnostic('E004', leadingSpan(statement.span, 'try_agent'.length), "'try_agent' needs its 'catch_correction' block", {
      hint: 'add catch_correction(e: ToolError) { ... } after the block',
    })];
  }
  return [...readErrorTypes(correction.parameter?.type ?? null, 'catch_correction').problems];
}

/**
 * `loom lint`: warnings about programs that compile but probably do not do what their author
 * meant. They never stop a build. Their W-codes are listed in the one registry (errors.ts)
 * beside the error codes; only the entry file is linted (a library's unused agents are there
 * for its includers).
 */
import { lintWarning } from '../diagnostic.js';
import type { LintWarning } from '../diagnostic.js';
import type { Block, FlowDeclaration, MatchExpression, Node, Program, Statement } from '../syntax/ast.js';
import type { Analysis } from './analysis.js';
import { analyze } from './analysis.js';
import type { GlobalKind } from './binder.js';
import type { CheckOptions } from './checker.js';
import { inSourceOrder } from './checker.js';
import { CallChecker } from './calls.js';
import { leadingSpan } from './positions.js';
import type { NodeVisitor } from '../syntax/walk.js';
import { walk, walkWith } from '../syntax/walk.js';

export interface LintOptions extends CheckOptions {
  /** Also warn about flow parameters and results without a type annotation. */
  readonly warnUntyped: boolean;
}

/** Declaration kinds reported when nothing uses them; flows, jobs and servers are entry points. */
const REPORTED_WHEN_UNUSED: ReadonlySet<GlobalKind> = new Set([
  'agent', 'tool', 'function', 'protocol', 'type', 'struct', 'enum', 'trait',
]);

const STATEMENTS_ENDING_A_BLOCK: ReadonlyMap<Statement['kind'], string> = new Map([
  ['ReturnStatement', 'return'],
  ['BreakStatement', 'break'],
  ['ContinueStatement', 'continue'],
  ['RaiseStatement', 'raise'],
]);

export function lint(program: Program, options: LintOptions): LintWarning[] {
  return lintAnalyzed(program, analyze(program, options), options.warnUntyped);
}

/** `lint` on a program already analysed (`loom lint` checks it first with the same analysis). */
export function lintAnalyzed(program: Program, analysis: Analysis, warnUntyped: boolean): LintWarning[] {
  const unreachable = new UnreachableCodeFinder();
  const intentMatches = new DefaultlessIntentMatchFinder();
  const calls = new CallChecker(analysis.resolution);
  walkWith(program, [unreachable, intentMatches, calls]);
  const warnings: LintWarning[] = [
    ...unusedDeclarations(analysis),
    ...unreadVariables(analysis, program.span.file),
    ...unreachable.warnings,
    ...intentMatches.warnings,
    ...calls.argumentTypeMismatches.map((mismatch) => lintWarning('W006', mismatch.span, mismatch.detail)),
  ];
  if (warnUntyped) warnings.push(...untypedFlows(program));
  return inSourceOrder(warnings);
}

function unusedDeclarations(analysis: Analysis): LintWarning[] {
  const warnings: LintWarning[] = [];
  // A @tool fn implementing a tool of an agent's skill file is used by that agent.
  const skillTools = new Set([...analysis.agentSkills.values()].flatMap((skills) => skills.tools.map((tool) => tool.name)));
  for (const symbol of analysis.bound.globals.all()) {
    if (!symbol.unit.isEntry || !REPORTED_WHEN_UNUSED.has(symbol.kind) || analysis.resolution.usedGlobals.has(symbol)) continue;
    if (symbol.declaration.kind === 'FunctionDeclaration' && skillTools.has(symbol.name)) continue;
    warnings.push(lintWarning('W002', symbol.nameNode.span, `${capitalize(symbol.kind)} '${symbol.name}' is never used`));
  }
  return warnings;
}

function unreadVariables(analysis: Analysis, entryFile: string): LintWarning[] {
  return analysis.resolution.locals.flatMap((binding) => {
    const node = binding.node;
    if (!node || binding.kind !== 'variable' || binding.reads > 0 || binding.name.startsWith('_')) return [];
    if (node.span.file !== entryFile) return [];
    return [lintWarning('W004', node.span, `Variable '${binding.name}' is never read`)];
  });
}

class UnreachableCodeFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['Block']);
  readonly warnings: LintWarning[] = [];

  enter(node: Node): void {
    const finding = node.kind === 'Block' ? firstUnreachable(node) : null;
    if (finding) this.warnings.push(finding);
  }
}

function firstUnreachable(block: Block): LintWarning | null {
  const endIndex = block.statements.findIndex((statement) => STATEMENTS_ENDING_A_BLOCK.has(statement.kind));
  const next = endIndex >= 0 ? block.statements[endIndex + 1] : undefined;
  const ender = block.statements[endIndex];
  if (!next || !ender) return null;
  return lintWarning('W003', next.span, `Unreachable code after '${STATEMENTS_ENDING_A_BLOCK.get(ender.kind)}'`);
}

class DefaultlessIntentMatchFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['MatchExpression']);
  readonly warnings: LintWarning[] = [];

  enter(node: Node): void {
    if (node.kind !== 'MatchExpression' || !routesByIntentWithoutDefault(node)) return;
    this.warnings.push(lintWarning('W005', leadingSpan(node.span, 'match'.length), "Match on intents has no '_' branch", {
      hint: 'input that no intent accepts raises E104 at run time; add `_ => ...`',
    }));
  }
}

function routesByIntentWithoutDefault(match: MatchExpression): boolean {
  const hasIntent = match.arms.some((arm) => arm.pattern.kind === 'IntentPattern');
  const hasDefault = match.arms.some(
    (arm) => arm.guard === null && (arm.pattern.kind === 'WildcardPattern' || arm.pattern.kind === 'BindingPattern'),
  );
  return hasIntent && !hasDefault;
}

function untypedFlows(program: Program): LintWarning[] {
  return program.items.flatMap((item) => (item.kind === 'FlowDeclaration' ? untypedParts(item) : []));
}

function untypedParts(flow: FlowDeclaration): LintWarning[] {
  const warnings = (flow.parameters ?? [])
    .filter((parameter) => parameter.type === null)
    .map((parameter) =>
      lintWarning('W001', parameter.name.span, `Parameter '${parameter.name.name}' of flow '${flow.name.name}' has no type annotation`),
    );
  if (flow.returnType === null && returnsValue(flow)) {
    warnings.push(lintWarning('W001', flow.name.span, `Flow '${flow.name.name}' returns a value but declares no result type`, { hint: 'add `-> T` after the parameters' }));
  }
  walk(flow.body, (node) => {
    if (node.kind === 'LetStatement' && node.type === null && node.pattern.kind === 'BindingPattern') {
      const name = node.pattern.name;
      warnings.push(lintWarning('W001', name.span, `Variable '${name.name}' has no type annotation`, { hint: `write let ${name.name}: T = ...` }));
    }
  });
  return warnings;
}

function returnsValue(flow: FlowDeclaration): boolean {
  let found = false;
  walk(flow.body, (node) => {
    if (node.kind === 'FunctionExpression') return false;
    if (node.kind === 'ReturnStatement' && node.value !== null) found = true;
    return !found;
  });
  return found;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

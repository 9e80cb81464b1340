/**
 * The rules of the Nexa harness validator (harness.md's tables, and V-003 of the Chinese
 * chapter part2_config_stdlib), for `loom validate --harness=strict|warn|off`. They judge how
 * well a program uses the harness, not whether it can run: with `warn` (the default) each
 * violation is the lint warning W007, with `strict` the error E007, with `off` nothing. Both
 * name the Nexa rule id (E-003, ...) in their message. A program that uses no harness form is
 * not judged, and neither is code inside `unharnessed { }`.
 *
 * The rules Loom already enforces as errors whatever the mode keep their own codes: E-002
 * (max_steps not positive) and T-001 (a @tool without a description) are E002, V-001 (a verify
 * of an undeclared name) is E001. T-003 (a @tool fn must hold a python! block) contradicts Loom,
 * which refuses python! (E006), and the info-level rules (E-004, C-002, L-001, X-003) report
 * nothing wrong: neither is checked.
 *
 * A dimension (E, T, C, S, L, V) counts for an agent when it is referred to inside an
 * autoloop or try_agent (E), uses a @tool fn (T), has a context_policy or is referred to inside
 * a with_context or in a flow with a context_policy statement (C), is referred to inside a fork
 * or in a flow taking snapshots (S), in a flow declaring hooks or reflecting (L), or in a flow
 * verifying (V).
 */
import { diagnostic, lintWarning } from '../diagnostic.js';
import type { Diagnostic, LintWarning } from '../diagnostic.js';
import type { Span } from '../language/span.js';
import { CONTEXT_POLICY_PROPERTY, STATE_CALLS, TOOL_OPTIONS } from '../language/harness.js';
import type { HarnessMode } from '../language/harness.js';
import type { AgentDeclaration, FunctionDeclaration, Node, TopLevelItem } from '../syntax/ast.js';
import { forEachChild, walk } from '../syntax/walk.js';
import type { NodeVisitor } from '../syntax/walk.js';
import type { Analysis } from './analysis.js';
import type { Resolution } from './resolver.js';
import { TOOL_DECORATOR } from './agent-tools.js';
import { leadingSpan } from './positions.js';

type Dimension = 'E' | 'T' | 'C' | 'S' | 'L' | 'V';

interface Violation {
  readonly rule: string;
  readonly span: Span;
  readonly message: string;
  readonly suggestion: string;
}

/** Shorter tool descriptions than this tell the model too little (T-004). */
const DESCRIPTIVE_LENGTH = 11;
/** Fewer dimensions than this leave an agent weakly harnessed. */
const RECOMMENDED_DIMENSIONS = 3;

/** The node kinds that are harness forms (a program with none of them is not judged). */
const HARNESS_KINDS: ReadonlySet<Node['kind']> = new Set([
  'AutoloopStatement', 'WithContextStatement', 'TryAgentStatement', 'ReflectStatement', 'ForkExpression',
  'VerifyStatement', 'LifecycleHookStatement', 'UnharnessedStatement', 'ContextPolicyStatement',
]);

/** A call of a state builtin (`snapshot`, `restore`), not of a declaration that shares its name. */
function isStateCall(node: Node, resolution: Resolution): boolean {
  return node.kind === 'CallExpression' && node.callee.kind === 'Identifier' && STATE_CALLS.has(node.callee.name)
    && resolution.names.referenceTo(node.callee)?.kind === 'builtin';
}

/**
 * Whether a harness form or a state call stands anywhere outside the top-level agents and the
 * `unharnessed { }` blocks: part of what makes a program one the rules judge. A visitor of the
 * checks' one traversal (`checkAnalyzed`'s `alongside`): a program that uses no harness, which
 * is most of them, was otherwise walked whole once more only to learn that.
 */
export class HarnessFormFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set([...HARNESS_KINDS, 'CallExpression', 'AgentDeclaration']);
  found = false;
  /** The agents that are items: the rules judge them by their properties, not by what they hold. */
  private readonly topLevelAgents: ReadonlySet<Node>;
  private unharnessedDepth = 0;
  private agentDepth = 0;

  constructor(private readonly analysis: Analysis) {
    this.topLevelAgents = new Set(analysis.expanded.items.map(({ item }) => item).filter((item) => item.kind === 'AgentDeclaration'));
  }

  enter(node: Node): void {
    if (node.kind === 'UnharnessedStatement') this.unharnessedDepth += 1;
    else if (this.topLevelAgents.has(node)) this.agentDepth += 1;
    else if (!this.found && this.unharnessedDepth === 0 && this.agentDepth === 0) {
      this.found = HARNESS_KINDS.has(node.kind) || isStateCall(node, this.analysis.resolution);
    }
  }

  leave(node: Node): void {
    if (node.kind === 'UnharnessedStatement') this.unharnessedDepth -= 1;
    else if (this.topLevelAgents.has(node)) this.agentDepth -= 1;
  }
}

/** The rules' findings; `forms` is the finder that went along the checks' traversal of the same analysis. */
export function harnessRuleFindings(analysis: Analysis, mode: HarnessMode, forms: HarnessFormFinder): (Diagnostic | LintWarning)[] {
  if (mode === 'off') return [];
  return new HarnessRules(analysis, forms).violations().map(({ rule, span, message, suggestion }) =>
    mode === 'strict'
      ? diagnostic('E007', span, `${rule} ${message}`, { hint: suggestion })
      : lintWarning('W007', span, `Harness rule ${rule}: ${message}`, { hint: suggestion }));
}

/** What one flow (or other top-level item) holds anywhere in its body. */
interface ItemFacts {
  readonly contextPolicy: boolean;
  readonly snapshots: boolean;
  readonly hooksOrReflections: boolean;
  readonly verifies: boolean;
}

/** Where a reference stands inside its item. */
interface Place {
  readonly loopOrTry: boolean;
  readonly window: boolean;
  readonly fork: boolean;
}

const OUTSIDE: Place = { loopOrTry: false, window: false, fork: false };

class HarnessRules {
  private readonly items: readonly TopLevelItem[];
  private readonly found: Violation[] = [];
  private readonly dimensions = new Map<AgentDeclaration, Set<Dimension>>();
  private stepHooks = false;
  private restores = false;
  private readonly snapshotCalls: Span[] = [];

  constructor(private readonly analysis: Analysis, private readonly forms: HarnessFormFinder) {
    this.items = analysis.expanded.items.map(({ item }) => item);
  }

  violations(): Violation[] {
    if (!this.usesHarness()) return [];
    for (const item of this.items) {
      if (item.kind === 'AgentDeclaration') this.dimensions.set(item, new Set(this.declaredDimensions(item)));
      if (item.kind === 'FunctionDeclaration') this.checkTool(item);
    }
    this.stepHooks = this.items.some((item) => this.holds(item, (node) => node.kind === 'LifecycleHookStatement' && (node.hook.name === 'before_step' || node.hook.name === 'after_step')));
    for (const item of this.items) {
      if (item.kind === 'AgentDeclaration') continue;
      const facts = this.factsOf(item);
      this.visit(item, OUTSIDE, facts);
    }
    if (!this.restores) {
      for (const span of this.snapshotCalls) this.report('S-001', span, 'snapshot without restore (the state is kept for nothing)', 'restore(snap) where the program should go back, or drop the snapshot');
    }
    this.checkAgents();
    return this.found;
  }

  private usesHarness(): boolean {
    return this.forms.found || this.items.some((item) => {
      if (item.kind === 'AgentDeclaration') return item.members.some((member) => member.kind === 'Property' && member.name.name === CONTEXT_POLICY_PROPERTY);
      return item.kind === 'FunctionDeclaration' && toolOptionsOf(item).length > 0;
    });
  }

  private visit(node: Node, place: Place, facts: ItemFacts): void {
    switch (node.kind) {
      case 'UnharnessedStatement':
        return;
      case 'AutoloopStatement': {
        const named = (option: string): boolean => node.options.some((argument) => argument.name?.name === option);
        const at = leadingSpan(node.span, 'autoloop'.length);
        if (!named('max_steps')) this.report('E-001', at, 'autoloop without max_steps (it stops only at the default of 50 steps)', 'add max_steps: N');
        if (!named('timeout')) this.report('E-003', at, 'autoloop without timeout may run for a long time', 'add timeout: 300 (seconds)');
        if (!this.holds(node.body, (inner) => inner.kind === 'VerifyStatement')) this.report('V-003', at, 'autoloop without verify (no acceptance criteria for its steps)', 'add verify result satisfies ExpectedType in the loop');
        this.visitChildren(node, { ...place, loopOrTry: true }, facts);
        return;
      }
      case 'TryAgentStatement':
        this.visitChildren(node, { ...place, loopOrTry: true }, facts);
        return;
      case 'WithContextStatement':
        this.visitChildren(node, { ...place, window: true }, facts);
        return;
      case 'ForkExpression':
        if (node.strategy === null) this.report('S-002', leadingSpan(node.span, 'fork'.length), 'fork without merge (its branches are kept as a list)', 'add merge best_of (or vote, weighted_average, first, all)');
        this.visitChildren(node, { ...place, fork: true }, facts);
        return;
      case 'ReflectStatement':
        if (!this.stepHooks) this.report('L-002', leadingSpan(node.span, 'reflect'.length), 'reflect without before_step or after_step hooks (less effective)', 'declare before_step { } or after_step { } hooks as well');
        break;
      case 'VerifyStatement':
        if (node.mode === 'against' || (node.mode === 'satisfies' && node.target?.kind === 'StringType' && !this.analysis.resolution.typeStrings.has(node.target))) {
          this.report('V-002', leadingSpan(node.span, 'verify'.length), 'verify with a semantic condition costs a model call each time', 'check a type, a protocol or an expression where one says enough');
        }
        break;
      case 'CallExpression':
        if (this.isStateCall(node) && node.callee.kind === 'Identifier') {
          if (node.callee.name === 'snapshot') this.snapshotCalls.push(node.callee.span);
          else this.restores = true;
        }
        break;
      case 'Identifier':
        this.credit(node, place, facts);
        return;
      default:
        break;
    }
    this.visitChildren(node, place, facts);
  }

  private visitChildren(node: Node, place: Place, facts: ItemFacts): void {
    forEachChild(node, (child) => this.visit(child, place, facts));
  }

  /** A reference to an agent credits it with the dimensions of where it stands. */
  private credit(identifier: Node & { kind: 'Identifier' }, place: Place, facts: ItemFacts): void {
    const reference = this.analysis.resolution.names.referenceTo(identifier);
    if (reference?.kind !== 'global' || reference.symbol.declaration.kind !== 'AgentDeclaration') return;
    const dimensions = this.dimensions.get(reference.symbol.declaration);
    if (dimensions === undefined) return;
    if (place.loopOrTry) dimensions.add('E');
    if (place.window || facts.contextPolicy) dimensions.add('C');
    if (place.fork || facts.snapshots) dimensions.add('S');
    if (facts.hooksOrReflections) dimensions.add('L');
    if (facts.verifies) dimensions.add('V');
  }

  private checkAgents(): void {
    for (const [agent, dimensions] of this.dimensions) {
      const name = agent.name.name;
      if (!dimensions.has('C')) {
        this.report('C-001', agent.name.span, `agent '${name}' has no context window and is asked outside any with_context, so its conversation may outgrow the model's limit`, 'give it context_policy: { max_tokens: N } or ask it inside with_context');
      }
      if (dimensions.size === 0) {
        this.report('X-001', agent.name.span, `agent '${name}' uses no harness dimension (an unharnessed agent)`, 'ask it inside an autoloop or try_agent, verify its answers, give it a context window');
      } else if (dimensions.size < RECOMMENDED_DIMENSIONS) {
        this.report('X-002', agent.name.span, `agent '${name}' uses only ${dimensions.size} harness dimension${dimensions.size === 1 ? '' : 's'} (${[...dimensions].sort().join(', ')}); at least ${RECOMMENDED_DIMENSIONS} are recommended`, 'add execution (autoloop, try_agent), context, state, lifecycle or verification around its calls');
      }
    }
  }

  /** T from the tools an agent uses, C from its own context_policy. */
  private declaredDimensions(agent: AgentDeclaration): Dimension[] {
    const dimensions: Dimension[] = [];
    const usesTool = agent.uses.some((use) => use.kind === 'QualifiedName' && use.parts.length === 1 && this.analysis.bound.globals.lookup(use.parts[0]!.name)?.kind === 'tool');
    if (usesTool) dimensions.push('T');
    if (agent.members.some((member) => member.kind === 'Property' && member.name.name === CONTEXT_POLICY_PROPERTY)) dimensions.push('C');
    return dimensions;
  }

  private checkTool(declaration: FunctionDeclaration): void {
    const decorator = declaration.decorators.find((candidate) => candidate.name.name === TOOL_DECORATOR);
    if (decorator === undefined) return;
    if (declaration.returnType === null) {
      this.report('T-002', declaration.name.span, `@tool fn '${declaration.name.name}' has no return type (the agent may misread what it gives)`, `declare it: fn ${declaration.name.name}(...) -> string`);
    }
    const description = decorator.arguments?.find((argument) => argument.name === null || argument.name.name === 'description')?.value;
    if (description?.kind === 'StringLiteral' && description.value.trim().length < DESCRIPTIVE_LENGTH) {
      this.report('T-004', description.span, `@tool description '${description.value}' is too short to tell the model what the tool does`, 'describe what it does and what it returns in a sentence');
    }
  }

  private factsOf(item: Node): ItemFacts {
    return {
      contextPolicy: this.holds(item, (node) => node.kind === 'ContextPolicyStatement'),
      snapshots: this.holds(item, (node) => this.isStateCall(node)),
      hooksOrReflections: this.holds(item, (node) => node.kind === 'LifecycleHookStatement' || node.kind === 'ReflectStatement'),
      verifies: this.holds(item, (node) => node.kind === 'VerifyStatement'),
    };
  }

  /** Whether a node under `root`, outside `unharnessed` blocks, satisfies `test`. */
  private holds(root: Node, test: (node: Node) => boolean): boolean {
    let found = false;
    walk(root, (node) => {
      if (found || node.kind === 'UnharnessedStatement') return false;
      if (test(node)) found = true;
      return !found;
    });
    return found;
  }

  private isStateCall(node: Node): boolean {
    return isStateCall(node, this.analysis.resolution);
  }

  private report(rule: string, span: Span, message: string, suggestion: string): void {
    this.found.push({ rule, span, message, suggestion });
  }
}

function toolOptionsOf(declaration: FunctionDeclaration): string[] {
  const decorator = declaration.decorators.find((candidate) => candidate.name.name === TOOL_DECORATOR);
  return (decorator?.arguments ?? []).flatMap((argument) => (argument.name !== null && TOOL_OPTIONS.has(argument.name.name) ? [argument.name.name] : []));
}

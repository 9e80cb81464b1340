/**
 * The Nexa v2 "harness" forms (autoloop, with_context, try_agent/catch_correction, reflect,
 * snapshot/restore, fork/merge, verify, lifecycle hooks, actor handlers inside agents,
 * unharnessed blocks, context policies) parse, but Loom cannot run them yet. Each is reported
 * once, at its keyword, instead of being dropped or half-run: E006, like every construct Loom
 * knows but does not run. (Actors themselves — `spawn Agent(...)`, `pass`, `receive()` — and
 * agent `context { ... }` blocks run: check/actors.ts, check/agent-context.ts.)
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentMember, Node, Property } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import { leadingSpan } from './positions.js';
import type { NodeVisitor } from '../syntax/walk.js';

/** Harness primitives written as ordinary calls (`snap = snapshot();`). */
const HARNESS_CALLS: ReadonlyMap<string, string> = new Map([
  ['snapshot', 'state snapshots (snapshot/restore)'],
  ['restore', 'state snapshots (snapshot/restore)'],
]);

/** Agent properties that configure harness machinery. */
const HARNESS_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ['context_policy', 'agent context policies'],
]);

export function isHarnessCall(name: string): boolean {
  return HARNESS_CALLS.has(name);
}

export function harnessCallDiagnostic(name: string, span: Span): Diagnostic {
  return unsupported(name, HARNESS_CALLS.get(name) ?? 'this harness form', span);
}

export function isHarnessProperty(property: Property): boolean {
  return HARNESS_PROPERTIES.has(property.name.name);
}

export function harnessPropertyDiagnostic(property: Property): Diagnostic {
  const name = property.name.name;
  return unsupported(name, HARNESS_PROPERTIES.get(name) ?? 'this harness form', property.name.span);
}

/** Agent bodies holding functions, flows or state are actor definitions. */
export function harnessAgentMemberDiagnostic(member: Exclude<AgentMember, Property>): Diagnostic | null {
  switch (member.kind) {
    case 'FunctionDeclaration':
    case 'FlowDeclaration':
      return unsupported(member.name.name, 'actor message handlers inside agents', member.name.span);
    case 'LetStatement':
      return unsupported('let', 'actor state inside agents', leadingSpan(member.span, 'let'.length));
    case 'Error':
      return null;
  }
}

/** The harness forms reported at their leading keyword, by node kind. */
const HARNESS_FORMS: ReadonlyMap<Node['kind'], { readonly keyword: string; readonly feature: string }> = new Map([
  ['AutoloopStatement', { keyword: 'autoloop', feature: 'autonomous loops' }],
  ['WithContextStatement', { keyword: 'with_context', feature: 'context windows' }],
  ['TryAgentStatement', { keyword: 'try_agent', feature: 'agent self-correction (try_agent/catch_correction)' }],
  ['ReflectStatement', { keyword: 'reflect', feature: 'reflection prompts' }],
  ['ForkStatement', { keyword: 'fork', feature: 'forked branches (fork/merge)' }],
  ['VerifyStatement', { keyword: 'verify', feature: 'output verification' }],
  ['UnharnessedStatement', { keyword: 'unharnessed', feature: 'blocks run outside the harness (unharnessed)' }],
  ['ContextPolicyStatement', { keyword: 'context_policy', feature: 'context policies' }],
]);

/** Collects every harness statement or expression form it is shown, at its keyword. */
export class HarnessStatementFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set([...HARNESS_FORMS.keys(), 'LifecycleHookStatement']);
  readonly diagnostics: Diagnostic[] = [];

  enter(node: Node): void {
    // A lifecycle hook is named by its hook (`on_start`), not by a fixed keyword.
    if (node.kind === 'LifecycleHookStatement') {
      this.diagnostics.push(unsupported(node.hook.name, 'lifecycle hooks', node.hook.span));
      return;
    }
    const form = HARNESS_FORMS.get(node.kind);
    if (form) this.diagnostics.push(unsupported(form.keyword, form.feature, leadingSpan(node.span, form.keyword.length)));
  }
}

function unsupported(keyword: string, feature: string, span: Span): Diagnostic {
  return diagnostic('E006', span, `'${keyword}', a Nexa v2 harness form for ${feature}`, {
    hint: 'remove it or express the same steps with flows, loops and try/catch',
  });
}

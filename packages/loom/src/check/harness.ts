/**
 * The Nexa v2 forms Loom parses but cannot run yet — actors (`spawn Agent(...)`, `pass`,
 * `receive()`, handlers and state inside agents) and the agent `context { }` hand-off block —
 * are each reported once, at their keyword, instead of being dropped or half-run: E006, like
 * every construct Loom knows but does not run. The harness forms Loom runs are checked by
 * harness-forms.ts and run by runtime/harness/.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentMember, CallExpression, Node, Property } from '../syntax/ast.js';
import type { GlobalSymbol } from './binder.js';
import type { Span } from '../language/span.js';
import { leadingSpan } from './positions.js';
import type { NodeVisitor } from '../syntax/walk.js';

/** Harness primitives written as ordinary calls (`msg = receive();`). */
const HARNESS_CALLS: ReadonlyMap<string, string> = new Map([
  ['receive', 'actor mailboxes (spawn/pass/receive)'],
]);

/** Agent properties that configure harness machinery. */
const HARNESS_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ['context', 'agent context hand-off blocks'],
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
  ['PassStatement', { keyword: 'pass', feature: 'actor messages (spawn/pass/receive)' }],
]);

/** Collects every harness statement or expression form it is shown, at its keyword. */
export class HarnessStatementFinder implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set([...HARNESS_FORMS.keys(), 'SpawnExpression']);
  readonly diagnostics: Diagnostic[] = [];

  /** `callTargets` tells `spawn Agent(...)` (an actor) from `spawn flow(...)` (a task, which Loom runs). */
  constructor(private readonly callTargets: ReadonlyMap<CallExpression, GlobalSymbol>) {}

  enter(node: Node): void {
    if (node.kind === 'SpawnExpression') {
      const spawned = node.target.kind === 'CallExpression' ? this.callTargets.get(node.target) : undefined;
      if (spawned?.kind === 'agent') this.diagnostics.push(unsupported('spawn', 'actors (spawn Agent(...))', leadingSpan(node.span, 'spawn'.length)));
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

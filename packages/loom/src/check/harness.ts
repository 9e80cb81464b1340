/**
 * Of the Nexa v2 forms, the one Loom parses but does not run: functions, flows and state inside
 * an agent body (actor message handlers). Each is reported once, at its keyword, instead of
 * being dropped or half-run: E006, like every construct Loom knows but does not run. The harness
 * forms are checked by harness-forms.ts and run by runtime/harness/; actors (`spawn Agent(...)`,
 * `pass`, `receive()`) and agent `context { ... }` blocks by actors.ts and agent-context.ts.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { AgentMember, Property } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import { leadingSpan } from './positions.js';

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

function unsupported(keyword: string, feature: string, span: Span): Diagnostic {
  return diagnostic('E006', span, `'${keyword}', a Nexa v2 harness form for ${feature}`, {
    hint: 'remove it or express the same steps with flows, loops and try/catch',
  });
}

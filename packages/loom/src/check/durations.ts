/**
 * Durations where a timer reads milliseconds. A duration literal is a number of seconds
 * (`500ms` is 0.5), while after, schedule, sleep_ms and the timeouts of recv_timeout, select
 * and await_task read a plain number as milliseconds (Nexa's `after(5000, f)`). A literal
 * written right there keeps its unit (emit/calls.ts); a value computed from durations does
 * not, so it would wait a thousandth of what was written. Where the checker can see that the
 * value is such a duration — arithmetic on duration literals, or a variable every assignment
 * of which is one — it is E002. What it cannot see (a parameter, a field) is documented.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import { millisecondArgument } from '../language/millisecond-parameters.js';
import type { CallExpression, Expression, Node } from '../syntax/ast.js';
import { isDurationLiteral } from '../syntax/number-literal.js';
import type { LocalBinding } from './scope.js';
import type { Resolution } from './resolver.js';
import type { NodeVisitor } from '../syntax/walk.js';

export class MillisecondArgumentChecker implements NodeVisitor {
  readonly kinds: ReadonlySet<Node['kind']> = new Set(['CallExpression']);
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly resolution: Resolution) {}

  enter(node: Node): void {
    if (node.kind !== 'CallExpression') return;
    const name = this.timerName(node);
    const value = name === undefined ? undefined : millisecondArgument(name, node.arguments)?.value;
    // A duration literal itself is handed over in milliseconds by the code generator.
    if (name === undefined || value === undefined || value.kind === 'NumberLiteral' || !this.holdsSeconds(value, new Set())) return;
    const what = value.kind === 'Identifier' ? `'${value.name}' holds a duration in seconds` : 'this is a duration in seconds';
    this.diagnostics.push(diagnostic('E002', value.span, `${name} reads a plain number as milliseconds, but ${what} (500ms is 0.5), so it would wait a thousandth of it`, {
      hint: 'write the duration with its unit in the call itself (500ms), or give milliseconds (d * 1000)',
    }));
  }

  /** The std.concurrent function `call` calls, as a builtin (`after`) or by its path (`std.concurrent.after`). */
  private timerName(call: CallExpression): string | undefined {
    const { callee } = call;
    if (callee.kind === 'Identifier') return this.resolution.names.referenceTo(callee)?.kind === 'builtin' ? callee.name : undefined;
    if (callee.kind !== 'MemberExpression' || callee.object.kind !== 'MemberExpression') return undefined;
    const root = callee.object.object;
    const isStd = root.kind === 'Identifier' && root.name === 'std' && this.resolution.names.referenceTo(root)?.kind === 'builtin';
    return isStd && callee.object.property.name === 'concurrent' ? callee.property.name : undefined;
  }

  /**
   * Whether `value` is certainly a duration in seconds: a duration literal, its negation, a
   * sum or difference with one, or a local whose every assignment is such a value. Products
   * and quotients are left alone: `d * 1000` is how milliseconds are written.
   */
  private holdsSeconds(value: Expression, visiting: Set<LocalBinding>): boolean {
    switch (value.kind) {
      case 'NumberLiteral':
        return isDurationLiteral(value);
      case 'UnaryExpression':
        return value.operator === '-' && this.holdsSeconds(value.operand, visiting);
      case 'BinaryExpression':
        return (value.operator === '+' || value.operator === '-') && (this.holdsSeconds(value.left, visiting) || this.holdsSeconds(value.right, visiting));
      case 'Identifier': {
        const reference = this.resolution.names.referenceTo(value);
        if (reference?.kind !== 'local' || reference.binding.kind !== 'variable' || visiting.has(reference.binding)) return false;
        visiting.add(reference.binding);
        const assigned = this.resolution.names.assignmentsTo(reference.binding);
        return assigned.length > 0 && assigned.every((given) => given !== null && this.holdsSeconds(given, visiting));
      }
      default:
        return false;
    }
  }
}

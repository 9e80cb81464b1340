/**
 * The value of a setting — an agent property or decorator, a job option — checked against
 * the rule for its name: a literal of the wrong type is E002 with the expected kind named
 * (`'retry' expects a whole number, found a string`), and a literal of the right type may still
 * break the rule's own constraint (`'temperature' must be between 0 and 2`). A computed value
 * is checked when the program runs.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic } from '../diagnostic.js';
import type { Expression, PropertyBlock } from '../syntax/ast.js';
import type { Span } from '../language/span.js';
import type { PropertyRule } from './agent-properties.js';
import { findLiteralMismatch } from './literal-types.js';

export function settingValueProblems(property: string, rule: PropertyRule, value: Expression | PropertyBlock): Diagnostic[] {
  if (value.kind === 'PropertyBlock') {
    return [typeMismatch(property, rule.expects, 'a block', value.span)];
  }
  const mismatch = findLiteralMismatch(rule.type, value);
  if (mismatch) {
    return [typeMismatch(property, rule.expects, mismatch.found, mismatch.literal.span, unquoteHint(mismatch.literal))];
  }
  return (rule.validate?.(value, property) ?? []).map((problem) =>
    diagnostic('E002', problem.literal.span, problem.message, { hint: problem.hint }));
}

/** `stream: "true"` and `retry: "3"` are strings; the fix is to drop the quotes. */
function unquoteHint(literal: Expression): string | undefined {
  if (literal.kind !== 'StringLiteral') return undefined;
  const text = literal.value.trim();
  const looksLikeValue = text === 'true' || text === 'false' || (text !== '' && Number.isFinite(Number(text)));
  return looksLikeValue ? `write ${text} without quotes` : undefined;
}

function typeMismatch(property: string, expects: string, found: string, span: Span, hint?: string): Diagnostic {
  return diagnostic('E002', span, `'${property}' expects ${expects}, found ${found}`, { hint });
}

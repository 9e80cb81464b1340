import type { NumberLiteral } from './ast.js';

/** Duration suffixes in seconds, the unit agent settings use. */
const SECONDS_PER_UNIT: Readonly<Record<string, number>> = { ms: 0.001, s: 1, m: 60, min: 60, h: 3600 };

/**
 * A number literal's value, a duration in seconds (`500ms` is 0.5): one rule for the values
 * of expressions and patterns and for the checker's judgement of literals against types.
 */
export function numberLiteralValue(literal: NumberLiteral): number {
  return literal.unit === null ? literal.value : literal.value * (SECONDS_PER_UNIT[literal.unit] ?? 1);
}

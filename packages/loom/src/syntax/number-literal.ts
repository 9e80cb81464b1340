import type { NumberLiteral } from './ast.js';
import { MS_PER_UNIT } from '../language/duration-units.js';

const MS_PER_SECOND = 1000;

/** A number literal written with a time unit (`500ms`, `2s`). */
export type DurationLiteral = NumberLiteral & { readonly unit: string };

export function isDurationLiteral(literal: NumberLiteral): literal is DurationLiteral {
  return literal.unit !== null;
}

/**
 * A number literal's value, a duration in seconds (`500ms` is 0.5): one rule for the values
 * of expressions and patterns and for the checker's judgement of literals against types.
 */
export function numberLiteralValue(literal: NumberLiteral): number {
  // Scaling by seconds-per-unit (0.001, 1, 60, 3600) rather than dividing milliseconds keeps
  // `1.1s` exactly 1.1 instead of 1100.0000000000002 / 1000.
  return isDurationLiteral(literal) ? literal.value * ((MS_PER_UNIT[literal.unit] ?? MS_PER_SECOND) / MS_PER_SECOND) : literal.value;
}

/**
 * The real length of a duration literal in milliseconds (`500ms` is 500, `2s` is 2000): what
 * a timer builtin receives for it, since those read a plain number as milliseconds.
 */
export function durationLiteralMilliseconds(literal: DurationLiteral): number {
  return literal.value * (MS_PER_UNIT[literal.unit] ?? MS_PER_SECOND);
}

/**
 * Durations of the concurrency builtins: a number is milliseconds (as `sleep_ms`,
 * `recv_timeout` and the Nexa examples' `after(5000, ...)` use them), a string carries its
 * unit (`"500ms"`, `"2s"`, `"1m"`, `"1h"`), as in the examples' `after('2s', ...)`.
 */
import { fail } from './script-error.js';
import { describe } from './values.js';
import { MS_PER_UNIT } from '../../language/duration-units.js';

const DURATION_TEXT = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/;

export function durationMs(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const parsed = DURATION_TEXT.exec(value);
    if (parsed !== null) return Number(parsed[1]) * MS_PER_UNIT[parsed[2]];
  }
  return fail(`${what} must be milliseconds or a duration such as "500ms", "2s", "1m", got ${describe(value)}`);
}

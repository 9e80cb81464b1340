/**
 * Durations of the concurrency builtins: a number is milliseconds (as `sleep_ms`,
 * `recv_timeout` and the Nexa examples' `after(5000, ...)` use them), a string carries its
 * unit (`"500ms"`, `"2s"`, `"1m"`, `"1h"`), as in the examples' `after('2s', ...)`. The time
 * limits of the actor forms (`await handle, 30`, `receive(5)`) are seconds, as the Nexa actor
 * chapter writes them.
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

const MS_PER_SECOND = 1000;

/** A time limit in seconds (a number, or a duration literal, which is seconds too), as milliseconds. */
export function secondsMs(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value * MS_PER_SECOND;
  return fail(`${what} must be a number of seconds, got ${describe(value)}`);
}

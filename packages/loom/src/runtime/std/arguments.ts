/** Argument checks shared by the std namespaces: a wrong type is a plain script error naming the argument. */
import { fail } from '../core/script-error.js';
import { describe } from '../core/values.js';

export function text(value: unknown, what: string): string {
  return typeof value === 'string' ? value : fail(`${what} must be a string, got ${describe(value)}`);
}

export function number(value: unknown, what: string): number {
  return typeof value === 'number' ? value : fail(`${what} must be a number, got ${describe(value)}`);
}

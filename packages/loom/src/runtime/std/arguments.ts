/** Argument checks shared by the std namespaces: a wrong type is a plain script error naming the argument. */
import { fail } from '../core/script-error.js';
import { describe, isDict } from '../core/values.js';

export function text(value: unknown, what: string): string {
  return typeof value === 'string' ? value : fail(`${what} must be a string, got ${describe(value)}`);
}

export function number(value: unknown, what: string): number {
  return typeof value === 'number' ? value : fail(`${what} must be a number, got ${describe(value)}`);
}

/**
 * The arguments of a std call written by name or by position, in the order of `names`: the
 * Nexa docs call std functions by name (`send(tx: tx, value: "hi")`), which reaches the
 * function as one trailing dict. A trailing dict whose keys are all parameter names is read
 * as the named arguments; any other dict is a positional value.
 */
export function byNameOrPosition(args: readonly unknown[], names: readonly string[]): unknown[] {
  const last = args.at(-1);
  const keys = isDict(last) ? Object.keys(last) : [];
  if (!isDict(last) || keys.length === 0 || !keys.every((key) => names.includes(key))) return [...args];
  const positional = args.slice(0, -1);
  return names.map((name, index) => (index < positional.length ? positional[index] : last[name]));
}

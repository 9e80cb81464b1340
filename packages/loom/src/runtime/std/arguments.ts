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
 * Positional and named arguments of a std call as one positional list: named arguments bind
 * by the function's documented parameter names (`std.kv.get(kv: store, key: "k")` is
 * `std.kv.get(store, "k")`). A name the function does not document, or an argument given both
 * ways, is an error naming the parameters it has, rather than a value silently dropped.
 */
export function bindArguments(what: string, positional: readonly unknown[], named: Readonly<Record<string, unknown>>, parameters: readonly string[] | undefined): unknown[] {
  const names = Object.keys(named);
  if (names.length === 0) return [...positional];
  if (parameters === undefined) return fail(`${what} takes no named arguments (got ${names.join(', ')})`);
  const bound: unknown[] = [...positional];
  for (const name of names) {
    const position = parameters.indexOf(name);
    if (position < 0) return fail(`${what} has no parameter '${name}' (its parameters: ${parameters.join(', ') || 'none'})`);
    if (position < positional.length) return fail(`${what}: '${name}' is given twice, by position and by name`);
    bound[position] = named[name];
  }
  return bound;
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

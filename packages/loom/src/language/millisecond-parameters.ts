/**
 * The std.concurrent functions (also builtins) that read a plain number as milliseconds, as
 * Nexa's `after(5000, f)` and `sleep_ms(10)` do, by the parameter that does. Loom's duration
 * literals are seconds (`500ms` is 0.5, what agent and job timeouts read), so the code
 * generator hands a literal written with a unit in such a place over as its milliseconds, and
 * the checker refuses a variable holding one there (E002), which would wait a thousandth of
 * the length written. Names and positions are std.concurrent's (runtime/std/concurrent.ts); a
 * test holds the two together.
 */
/** An argument as the parser gives it (language/ imports no stage, so it names only what it reads). */
interface CallArgument {
  readonly name: { readonly name: string } | null;
}

interface MillisecondParameter {
  readonly name: string;
  readonly position: number;
}

export const MILLISECOND_PARAMETERS: ReadonlyMap<string, MillisecondParameter> = new Map([
  ['after', { name: 'delay', position: 0 }],
  ['schedule', { name: 'interval', position: 0 }],
  ['sleep_ms', { name: 'ms', position: 0 }],
  ['recv_timeout', { name: 'timeout', position: 1 }],
  ['await_task', { name: 'timeout', position: 1 }],
  ['select', { name: 'timeout', position: 1 }],
]);

/**
 * The argument of a call of the std.concurrent function `name` that it reads as milliseconds,
 * named (`after(delay: 500ms, ...)`) or in its position; undefined when the function has no
 * such parameter or the call does not pass it.
 */
export function millisecondArgument<A extends CallArgument>(name: string, args: readonly A[]): A | undefined {
  const parameter = MILLISECOND_PARAMETERS.get(name);
  if (parameter === undefined) return undefined;
  return args.find((arg) => arg.name?.name === parameter.name) ?? args.filter((arg) => arg.name === null)[parameter.position];
}

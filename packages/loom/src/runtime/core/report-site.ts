/**
 * Where an error is reported. Most errors belong to the line of the program that raised them:
 * the first frame of the generated module in their stack. A wrong argument belongs to the call
 * that passed it, although the called flow's first line is what checks it: such an error is
 * marked, and the host's locator then reports the frame of the caller.
 */
const REPORTED_AT_CALLER = Symbol('loom.reportedAtCaller');

/** Marks `error` to be reported at the call of the function that raised it. */
export function reportAtCaller<E extends Error>(error: E): E {
  Object.defineProperty(error, REPORTED_AT_CALLER, { value: true });
  return error;
}

/** How many frames of the program to pass over before the one `error` is reported at. */
export function reportedFramesToSkip(error: Error): number {
  return (error as Error & { [REPORTED_AT_CALLER]?: boolean })[REPORTED_AT_CALLER] === true ? 1 : 0;
}

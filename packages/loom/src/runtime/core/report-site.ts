/**
 * Where an error is reported. Most errors belong to the line of the program that raised them:
 * the first frame of the generated module in their stack. A wrong argument belongs to the call
 * that passed it, although the called flow's first line is what checks it: such an error is
 * marked, and the host's locator then reports the frame of the caller. An error raised where no
 * line of the program runs (an actor's agent call, started by `spawn` and carried on by the
 * runtime) is given a place of the program it reached instead: the `await` that raised it, or
 * the `spawn` that started it.
 */
const REPORTED_AT_CALLER = Symbol('loom.reportedAtCaller');
const REACHED_AT = Symbol('loom.reachedAt');

/** Marks `error` to be reported at the call of the function that raised it. */
export function reportAtCaller<E extends Error>(error: E): E {
  Object.defineProperty(error, REPORTED_AT_CALLER, { value: true });
  return error;
}

/** How many frames of the program to pass over before the one `error` is reported at. */
export function reportedFramesToSkip(error: Error): number {
  return (error as Error & { [REPORTED_AT_CALLER]?: boolean })[REPORTED_AT_CALLER] === true ? 1 : 0;
}

/**
 * Records `site` (an Error made at a line of the program, for its stack) as where `error`
 * reached the program, for the locator to use when `error`'s own stack has no frame of it.
 * A later site replaces an earlier one unless `keepEarlier`.
 */
export function reachedAt(error: unknown, site: Error, keepEarlier = false): void {
  if (!(error instanceof Error) || (keepEarlier && reachedSite(error) !== undefined)) return;
  Object.defineProperty(error, REACHED_AT, { value: site, configurable: true });
}

export function reachedSite(error: Error): Error | undefined {
  return (error as Error & { [REACHED_AT]?: Error })[REACHED_AT];
}

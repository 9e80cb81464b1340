/**
 * Waiting between attempts. The delay doubles after each failed attempt (`retry_delay`,
 * then twice that, ...), is at least what a rate-limited provider asked for, and is at most
 * RETRY_DELAY_MAX_MS; and the wait ends early when the call is
 * cancelled, so a cancelled parallel branch does not sleep out its backoff.
 */
export const RETRY_DELAY_MAX_MS = 30_000;
/** What an agent waits before its first retry when it sets `retry` but no `retry_delay`. */
export const DEFAULT_RETRY_DELAY_MS = 500;

/**
 * @param failedAttempts how many attempts have failed so far (1 before the first retry)
 * @param requestedMs what the provider asked for (`Retry-After`); waiting less would only
 *   earn another 429
 */
export function backoffDelayMs(baseDelayMs: number, failedAttempts: number, requestedMs = 0): number {
  return Math.min(Math.max(baseDelayMs * 2 ** (failedAttempts - 1), requestedMs), RETRY_DELAY_MAX_MS);
}

export function sleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolvePromise();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

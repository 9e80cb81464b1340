/**
 * A time limit for one operation, combined with the caller's cancellation. Unlike
 * `AbortSignal.timeout`, whose timer lives for the full limit even after the operation has
 * finished, a Deadline is disposed as soon as the work is done, so thousands of quick agent
 * calls do not leave thousands of pending minute-long timers behind.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onCallerAbort: (() => void) | undefined;
  private expired = false;

  constructor(
    readonly limitMs: number,
    private readonly caller?: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new DOMException(`deadline of ${limitMs} ms passed`, 'TimeoutError'));
    }, limitMs);
    if (caller !== undefined) {
      this.onCallerAbort = () => this.controller.abort(caller.reason);
      if (caller.aborted) this.onCallerAbort();
      else caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
  }

  /** Fires when the limit passes or the caller cancels. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the limit passed (as opposed to the caller cancelling). */
  get timedOut(): boolean {
    return this.expired;
  }

  dispose(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort !== undefined) this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

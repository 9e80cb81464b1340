/**
 * The abort signal of the tool call in progress. The code of a `@tool fn` and the std
 * functions it reaches keep their plain signatures, yet stop when the tool's `tool_timeout`
 * fires or the agent call is cancelled: the signal travels with the tool's asynchronous work
 * (AsyncLocalStorage), and the places that wait or act on the world (sleep, std.http,
 * std.shell, nested agent calls, print, std calls, catch) read it there. A concurrent task
 * (core/tasks.ts) runs under a signal of its own the same way, so cancelling it stops the
 * same places.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const currentSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` with `signal` as the signal of the tool call it belongs to. */
export function withToolSignal<T>(signal: AbortSignal, work: () => T): T {
  return currentSignal.run(signal, work);
}

/** The signal of the tool call the running code belongs to; none outside tools. */
export function currentToolSignal(): AbortSignal | undefined {
  return currentSignal.getStore();
}

/**
 * Throws the cancellation reason when the running code belongs to a tool call that was given
 * up, so a cancelled tool has no further side effects (its caller has already moved on).
 */
export function throwIfToolCancelled(): void {
  const signal = currentSignal.getStore();
  if (signal?.aborted === true) throw signal.reason;
}

/** A signal that fires after `timeoutMs`, or earlier when the surrounding tool call is given up. */
export function operationSignal(timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  const toolSignal = currentSignal.getStore();
  return toolSignal === undefined ? timeout : AbortSignal.any([timeout, toolSignal]);
}

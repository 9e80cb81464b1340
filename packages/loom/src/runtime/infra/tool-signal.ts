/**
 * The abort signal of the tool call in progress. A std function an agent calls as a tool
 * (an HTTP request, a command) keeps its plain positional signature for flows, and still
 * stops when the tool's `tool_timeout` fires or the agent call is cancelled.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const currentSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` with `signal` as the signal of the tool call it belongs to. */
export function withToolSignal<T>(signal: AbortSignal, work: () => T): T {
  return currentSignal.run(signal, work);
}

/** A signal that fires after `timeoutMs`, or earlier when the surrounding tool call is given up. */
export function operationSignal(timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  const toolSignal = currentSignal.getStore();
  return toolSignal === undefined ? timeout : AbortSignal.any([timeout, toolSignal]);
}

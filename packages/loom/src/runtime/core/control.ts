/**
 * Control-flow helpers of generated code: `raise`, `try/catch` (which must not catch a `?`
 * propagation or an `exit`), deferred blocks and the intent-match failure E104.
 */
import { LoomError } from '../../errors.js';
import { throwIfToolCancelled } from '../infra/tool-signal.js';
import { ExitRequest } from './exit-request.js';
import { Propagation } from './propagation.js';
import { ScriptError } from './script-error.js';
import { describe, display } from './values.js';

/** `raise x`: an error is raised as it is, anything else as an Error with its text. */
export function raised(value: unknown): Error {
  return value instanceof Error ? value : new ScriptError(display(value));
}

/**
 * Called first in every `catch`: a propagation or an exit request passes through, and so does
 * the cancellation of the tool the code runs in (a tool past its tool_timeout cannot catch its
 * way into side effects after the agent has moved on).
 */
export function rethrowSignal(error: unknown): void {
  if (error instanceof Propagation || error instanceof ExitRequest) throw error;
  throwIfToolCancelled();
}

/** Runs `defer` blocks last-in first-out; every one runs, and the first failure is raised after. */
export async function runDeferred(deferred: readonly (() => Promise<void>)[]): Promise<void> {
  let failure: unknown;
  for (const block of [...deferred].reverse()) {
    try {
      await block();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}

export function noIntentArm(value: unknown): never {
  throw new LoomError('E104', `no intent branch accepts ${describe(value)} and the match has no '_' branch`);
}

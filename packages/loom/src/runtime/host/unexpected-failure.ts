/**
 * A failure the runtime did not raise on purpose: a JavaScript error (TypeError, RangeError,
 * a stack overflow) thrown by a runtime bug or by a limit of the engine. A user never sees it
 * under its JavaScript name: it becomes the operation failure E105, located at the `.nx` place
 * the stack leads to, with the original kept as its `cause` for a bug report.
 */
import { LoomError } from '../../errors.js';
import { ScriptError } from '../core/script-error.js';

const STACK_OVERFLOW = /maximum call stack size exceeded/i;

/** Whether `error` is one of Loom's own (registry, script or exit) rather than an engine error. */
function isLoomRaised(error: unknown): boolean {
  return error instanceof LoomError || error instanceof ScriptError || !(error instanceof Error);
}

export function asOperationFailure(error: unknown): unknown {
  if (isLoomRaised(error)) return error;
  const failure = error as Error;
  const message = STACK_OVERFLOW.test(failure.message)
    ? 'the program ran out of stack: a flow or function calls itself too deeply'
    : `the operation failed unexpectedly: ${failure.message}`;
  // Located by the caller from the engine error's own stack, which leads to the `.nx` place.
  return new LoomError('E105', message, undefined, { cause: failure });
}

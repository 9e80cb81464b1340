/**
 * Whether an error is of a type `catch_correction(e: T)` or `on_error(e: T)` names. The types
 * are families of registry codes (language/harness.ts); an agent call that failed because no
 * answer came within its `timeout` is a ModelError (E101) and also a TimeoutError; an error
 * that `await` (or `try_await`) of an actor or task raised is an ActorError, and also of the
 * type its code says.
 */
import { LoomError } from '../../errors.js';
import { ACTOR_ERROR_TYPE, HARNESS_ERROR_TYPES } from '../../language/harness.js';
import { raisedByAwait } from '../core/tasks.js';
import { ProviderTimeout } from '../providers/http.js';

/** `types` null (no annotation) accepts every error. */
export function isErrorOfTypes(error: unknown, types: readonly string[] | null): boolean {
  return types === null || types.some((type) => isErrorOfType(error, type));
}

function isErrorOfType(error: unknown, type: string): boolean {
  const codes = HARNESS_ERROR_TYPES.get(type);
  if (codes === undefined) return false;
  if (codes === null) return true;
  if (type === ACTOR_ERROR_TYPE) return raisedByAwait(error);
  if (!(error instanceof LoomError)) return false;
  if (codes.includes(error.code)) return true;
  return type === 'TimeoutError' && error.code === 'E101' && error.cause instanceof ProviderTimeout;
}

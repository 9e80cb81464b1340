import { ProviderError } from '../../answer-engine/providers/provider-error.js';
import { ApiError } from '../../platform/errors.js';

export interface TaskFailure {
  code: string;
  message: string;
}

/**
 * What a failed task records. Provider and model errors carry their own code and a message
 * written by us; anything else is an internal failure whose exception text stays in the log.
 */
export function describeFailure(error: unknown): TaskFailure {
  if (error instanceof ApiError || error instanceof ProviderError) return { code: error.code, message: error.message };
  return { code: 'internal_error', message: 'The assistant failed unexpectedly' };
}

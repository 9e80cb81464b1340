import type { ProviderErrorCode } from '../../platform/errors.js';

/**
 * A provider call that failed for a reason the user can act on. The message is always written
 * here, never taken from the provider's body or an exception, so it can be shown and stored in
 * a task without leaking a key or internals.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The failure an HTTP status stands for, or null for a success status. Redirects are failures: none is followed. */
export function errorForStatus(status: number): ProviderError | null {
  if (status >= 200 && status < 300) return null;
  if (status === 401 || status === 403) {
    return new ProviderError('invalid_key', `The provider rejected the API key (HTTP ${status})`);
  }
  if (status === 429) {
    return new ProviderError('rate_limited', 'The provider is rate limiting requests (HTTP 429); try again later');
  }
  if (status === 400 || status === 404 || status === 422) {
    return new ProviderError('invalid_model', `The provider rejected the request; check the model name (HTTP ${status})`);
  }
  if (status >= 300 && status < 400) {
    return new ProviderError('provider_unavailable', `The provider answered with a redirect, which is not followed (HTTP ${status}); check the base URL`);
  }
  return new ProviderError('provider_unavailable', `The provider is unavailable (HTTP ${status})`);
}

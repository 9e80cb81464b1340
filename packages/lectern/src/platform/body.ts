import type { FastifyRequest } from 'fastify';

/**
 * A preValidation hook that trims the named string fields (so length limits apply to what is
 * stored) and treats a missing body as `{}` for routes whose fields are all optional.
 */
export function normaliseBody(trimmedFields: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.body === undefined || request.body === null) {
      request.body = {};
      return;
    }
    if (typeof request.body !== 'object' || Array.isArray(request.body)) return;
    const body = request.body as Record<string, unknown>;
    for (const field of trimmedFields) {
      const value = body[field];
      if (typeof value === 'string') body[field] = value.trim();
    }
  };
}

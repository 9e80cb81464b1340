import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance } from 'fastify';
import { limits } from '../config.js';
import { ApiError, errorBody, invalidRequest } from './errors.js';
import { nestsDeeperThan } from './json-depth.js';
import { storageFailureOf } from './storage-failure.js';
import { normaliseStrings } from './text-rule.js';
import { unencapsulated } from './unencapsulated.js';
import { issueFromAjv } from './validation-issues.js';

/** Maps anything thrown while handling a request onto the contract's error envelope. */
function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const root = error.validationContext ?? 'body';
    return invalidRequest(error.validation.map((issue) => issueFromAjv(issue as ErrorObject, root)));
  }
  const storageFailure = storageFailureOf(error);
  if (storageFailure !== null) return storageFailure;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('bad_request', 'Unsupported Content-Type; send application/json');
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new ApiError('bad_request', 'The request could not be read');
      }
      return new ApiError('internal_error', 'Internal error');
  }
}

/**
 * The contract's error envelope for every route of the server: JSON bodies are parsed here so
 * bad JSON is a 400 like any other error, every failure is answered `{error, message}` with the
 * code's status, and an unknown route is a 404 in the same shape. Registered on the root, so
 * it covers the features registered after it.
 */
export const errorEnvelope = unencapsulated(async (app: FastifyInstance) => {
  // An empty JSON body is read as "no body" (POST /pause with a JSON content type), bad JSON and
  // absurd nesting are a 400, and every string in it follows the text rule before validation sees it.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, limits.jsonBodyMaxNestingLevels)) {
      return done(new ApiError('bad_request', `The JSON body is nested more than ${limits.jsonBodyMaxNestingLevels} levels deep`), undefined);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new ApiError('bad_request', 'The body is not valid JSON'), undefined);
    }
    done(null, normaliseStrings(parsed));
  });
  // Any other content type (Fastify would read text/plain as a string, which validation then
  // refuses with a misleading 422) is the contract's "wrong content type": 400. An empty body
  // of any type is no body, as for JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if ((body as string).length === 0) return done(null, undefined);
    done(new ApiError('bad_request', 'Unsupported Content-Type; send application/json'), undefined);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    // A storage failure is logged with its cause: whoever frees the disk or fixes permissions needs it.
    if (apiError.code === 'internal_error' || apiError.code === 'storage_error') request.log.error({ err: error }, 'request failed');
    return reply.code(apiError.status).send(errorBody(apiError));
  });

  app.setNotFoundHandler((_request, reply) => {
    const error = new ApiError('not_found', 'No such route');
    return reply.code(error.status).send(errorBody(error));
  });
});

/**
 * Requests Node's HTTP parser rejects (a malformed Content-Length, broken framing) never
 * reach Fastify; they still get the contract's envelope instead of a bare 400. A server
 * option (`clientErrorHandler`), as no plugin sees these requests.
 */
export function answerUnparsableRequest(_error: Error, socket: Socket): void {
  if (!socket.writable) return void socket.destroy();
  const error = new ApiError('bad_request', 'The request could not be parsed');
  const body = JSON.stringify(errorBody(error));
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

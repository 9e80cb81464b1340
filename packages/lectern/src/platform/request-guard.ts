import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '../config.js';
import { bearerToken, tokenMatches } from './auth.js';
import { ApiError, errorBody } from './errors.js';
import { hostOfHeader, isLoopbackName } from './loopback.js';
import { isOwnOrigin } from './own-origin.js';
import { unencapsulated } from './unencapsulated.js';

export interface GuardOptions {
  token: string;
  /** Read per request so origins saved in settings apply at once. */
  allowedOrigins: () => ReadonlySet<string>;
  /** Extra acceptable Host names (the bind address when `--unsafe-bind` is used). */
  extraHosts: readonly string[];
  /** Paths reachable with GET without a bearer token. */
  publicPaths: ReadonlySet<string>;
  /** Files of the web workspace, reachable with GET/HEAD without a token (they hold no data). */
  isPublicFile?: (path: string) => boolean;
  /** POST routes that authenticate by their body instead (the login-code exchange). */
  tokenlessPosts?: ReadonlySet<string>;
  /** WebSocket paths that authenticate with their first message instead of a header. */
  websocketPaths: ReadonlySet<string>;
}

const corsMethods = 'GET, POST, PUT, PATCH, DELETE';
const corsHeaders = 'authorization, content-type';
const declaredLength = /^\d+$/;

/** Runs the contract's checks on one request; resolves `'answered'` when it sent the reply itself (a preflight). */
export type RequestCheck = (request: FastifyRequest, reply: FastifyReply) => 'answered' | 'pass';

/**
 * The request pipeline of the contract: Origin → Host → token → declared size. Throws the
 * ApiError of the first check that fails. One function, so that requests Fastify answers
 * itself before routing (a path parameter over the router's limit, a malformed URL) go
 * through exactly the same checks as routed ones.
 */
export function requestChecks(options: GuardOptions): RequestCheck {
  const expected = Buffer.from(options.token, 'latin1');
  const extraHosts = new Set(options.extraHosts.map((h) => h.toLowerCase()));

  return (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // The instance's own origin (a page it served) is allowed without being listed.
      if (!isOwnOrigin(origin, request.socket.localPort) && !options.allowedOrigins().has(origin)) throw new ApiError('origin_denied', 'This origin is not allowed');
      reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
    }

    const host = hostOfHeader(request.headers.host ?? '');
    if (!isLoopbackName(host) && !extraHosts.has(host.toLowerCase())) {
      throw new ApiError('host_denied', 'The Host header must name a loopback address');
    }

    if (request.method === 'OPTIONS' && origin !== undefined) {
      reply
        .code(204)
        .header('Access-Control-Allow-Methods', corsMethods)
        .header('Access-Control-Allow-Headers', corsHeaders)
        .header('Access-Control-Max-Age', '600');
      void reply.send();
      return 'answered';
    }

    const path = request.url.split('?', 1)[0] ?? '';
    const isPublic = (request.method === 'GET' && options.publicPaths.has(path))
      || ((request.method === 'GET' || request.method === 'HEAD') && options.isPublicFile?.(path) === true)
      || (request.method === 'POST' && options.tokenlessPosts?.has(path) === true);
    const isWebSocket = options.websocketPaths.has(path) && request.headers.upgrade?.toLowerCase() === 'websocket';
    if (!isPublic && !isWebSocket) {
      const presented = bearerToken(request.headers.authorization);
      if (presented === null || !tokenMatches(expected, presented)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw new ApiError('unauthorized', 'A valid bearer token is required');
      }
    }

    const length = request.headers['content-length'];
    if (length !== undefined) {
      if (!declaredLength.test(length)) throw new ApiError('bad_request', 'Malformed Content-Length');
      const isMultipart = (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
      const ceiling = isMultipart ? limits.multipartBodyMaxBytes : limits.jsonBodyMaxBytes;
      if (Number(length) > ceiling) throw new ApiError('too_large', `The request body exceeds ${ceiling} bytes`);
    }
    return 'pass';
  };
}

/**
 * The checks as an onRequest hook, run before routing so that an unknown route without a
 * token is a 401 and never reveals the route table. Registered on the root, so it guards
 * every feature registered after it.
 */
export const requestGuard = unencapsulated(async (app: FastifyInstance, options: { check: RequestCheck }) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.check(request, reply) === 'answered') return reply;
    return undefined;
  });
});

function frameworkRefusal(error: FastifyError): ApiError {
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError('bad_request', `A path segment is longer than ${limits.pathParamMaxChars} characters`);
    case 'FST_ERR_BAD_URL':
      return new ApiError('bad_request', 'The request URL could not be read');
    default:
      return new ApiError('internal_error', 'Internal error');
  }
}

/**
 * Fastify's `frameworkErrors`: what it refuses before routing (a path parameter longer than
 * the router takes, a URL that does not decode) skips the onRequest hooks, and Fastify's own
 * answer echoes the path and names its internals. Here the contract's checks run first, so a
 * foreign page or a client without a token gets the same refusal as on any route, and the
 * refusal itself is the contract's `bad_request`, echoing nothing.
 */
export function answerFrameworkError(check: RequestCheck) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    let apiError: ApiError;
    try {
      if (check(request, reply) === 'answered') return;
      apiError = frameworkRefusal(error);
    } catch (refusal) {
      if (!(refusal instanceof ApiError)) throw refusal;
      apiError = refusal;
    }
    void reply.code(apiError.status).send(errorBody(apiError));
  };
}

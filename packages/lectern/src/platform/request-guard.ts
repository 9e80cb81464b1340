import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '../config.js';
import { bearerToken, tokenMatches } from './auth.js';
import { ApiError } from './errors.js';
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

/**
 * The request pipeline of the contract, run before routing so that an unknown route without
 * a token is a 401 and never reveals the route table: Origin → Host → token → declared size.
 * Registered on the root, so it guards every feature registered after it.
 */
export const requestGuard = unencapsulated(async (app: FastifyInstance, options: GuardOptions) => {
  const expected = Buffer.from(options.token, 'latin1');
  const extraHosts = new Set(options.extraHosts.map((h) => h.toLowerCase()));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
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
      return reply.send();
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
    return undefined;
  });
});

/**
 * One `server` declaration as a Fastify instance. Fastify's router (find-my-way) matches the
 * routes; a second find-my-way table of the declared paths tells a wrong method (405 with
 * `Allow`) from an undeclared path (404), both EC01 answered as JSON. Before a handler runs:
 * `require_auth` (a bearer JWT the program's auth block verifies, its claims as
 * `request.auth`), the middleware in force, and `requires` (401, EC02); after it, `ensures`
 * (403, EC02: the handler's value is withheld). A request no route declares may still reach a
 * `semantic route`: the weak model picks among their intents, and none is a 404.
 *
 * Bodies are read as text (within the server's body limit, else 413) and parsed as JSON when
 * they are JSON. CORS is @fastify/cors and `static` is @fastify/static, which refuses paths
 * leaving its directory.
 */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCors from '@fastify/cors';
import type { FastifyCorsOptions } from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import { ContractViolation, LoomError } from '../../errors.js';
import { fail } from '../core/script-error.js';
import { describe, display, isDict } from '../core/values.js';
import { parseBody, requestValue, UnreadableBody, withTypedParams } from './request.js';
import type { RequestValue } from './request.js';
import { answering } from './request-context.js';
import { errorBody, isResponse, JSON_CONTENT_TYPE, toWire } from './response.js';
import type { WireResponse } from './response.js';
import type { RouteSpec, ServerSpec } from './server-spec.js';
import { requestText, resolveStages, runChain } from './stages.js';
import type { CallValue, Stage } from './stages.js';

/** Fastify's own default: 1 MiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

const ROUTER_METHODS: readonly HTTPMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
const SEMANTIC_METHODS: readonly HTTPMethod[] = ['GET', 'POST'];

const STATUS = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  requestTimeout: 408,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  headersTooLarge: 431,
  internalError: 500,
  unavailable: 503,
} as const;
const FIRST_SERVER_ERROR = 500;
/** The code of an operation that failed on its values: in a `requires`, the request's. */
const UNREADABLE_BY_CONTRACT = 'E105';
const FIRST_CLIENT_ERROR = 400;

/** What the server needs from the running program. */
export interface ServerHost {
  readonly callValue: CallValue;
  readonly isAgent: (value: unknown) => boolean;
  /** Verifies a bearer token with the program's auth block; returns its claims or throws an AuthError. */
  readonly verifyToken: (token: string) => Promise<unknown>;
  /** The index of the intent the weak model picks for `subject`, -1 for none. */
  readonly classify: (subject: unknown, intents: readonly string[]) => Promise<number>;
  /** `static` directories are relative to the directory of the program's file. */
  readonly baseDirectory: string;
  /** Reports a handler failure (on stderr, at its .nx place). */
  readonly reportError: (error: unknown) => void;
  readonly warn: (text: string) => void;
}

interface ReadyRoute {
  readonly spec: RouteSpec;
  /** No middleware and no contracts: the handler's value is the answer (the common case, kept short). */
  readonly plain: boolean;
  readonly stages: readonly Stage[];
  readonly middleware: readonly Stage[];
  readonly requires: RouteSpec['contracts'];
  readonly ensures: RouteSpec['contracts'];
}

/** A semantic route's intent for the model: `/billing-help` reads as "billing help". */
function intentOf(route: RouteSpec): string {
  const words = route.path.replace(/^\/+/, '').replace(/[/_-]+/g, ' ').trim();
  return words === '' ? route.path : words;
}

function bearerToken(headers: Readonly<Record<string, string>>): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(headers['authorization'] ?? '');
  return match?.[1] ?? null;
}

function errorWire(status: number, code: string, message: string, extra: Readonly<Record<string, unknown>> = {}, headers: Readonly<Record<string, string>> = {}): WireResponse {
  return { status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, payload: errorBody(code, message, extra) };
}

/** `cors { origins: [...], methods: [...], headers: [...], credentials: true, max_age: 600 }` as @fastify/cors options. */
function corsOptions(settings: unknown): FastifyCorsOptions {
  if (!isDict(settings)) return fail(`cors takes a dict, got ${describe(settings)}`);
  const list = (value: unknown): string[] | undefined => (value === undefined || value === null ? undefined : (Array.isArray(value) ? value : [value]).map(display));
  const origins = list(settings['origins'] ?? settings['origin']);
  const options: FastifyCorsOptions = {
    origin: origins === undefined || origins.includes('*') ? '*' : origins,
    ...(list(settings['methods']) === undefined ? {} : { methods: list(settings['methods']) }),
    ...(list(settings['headers']) === undefined ? {} : { allowedHeaders: list(settings['headers']) }),
    ...(list(settings['expose_headers']) === undefined ? {} : { exposedHeaders: list(settings['expose_headers']) }),
    ...(settings['credentials'] === true ? { credentials: true } : {}),
    ...(typeof settings['max_age'] === 'number' ? { maxAge: settings['max_age'] } : {}),
  };
  return options;
}

/**
 * The code and message of an error Fastify or Node raises about the request itself. The
 * message is fixed: theirs may quote the client's URL or headers back at it.
 */
const CLIENT_ERRORS: Readonly<Record<number, { readonly code: string; readonly message: string }>> = {
  [STATUS.badRequest]: { code: 'bad_request', message: 'the request is malformed' },
  [STATUS.requestTimeout]: { code: 'request_timeout', message: 'the request did not arrive within the time the server allows' },
  [STATUS.unsupportedMediaType]: { code: 'unsupported_media_type', message: "the request's content type cannot be read" },
  [STATUS.headersTooLarge]: { code: 'headers_too_large', message: "the request's headers are larger than the server accepts" },
};

function clientError(status: number): { readonly code: string; readonly message: string } {
  return CLIENT_ERRORS[status] ?? { code: 'http_error', message: (STATUS_CODES[status] ?? 'client error').toLowerCase() };
}

/**
 * The status of each refusal Node's HTTP parser and timers raise about a connection, as Node
 * itself would answer it; any other is a 400.
 */
const NODE_REFUSALS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: STATUS.headersTooLarge,
  // The request (its headers, or all of it) did not arrive within the server's timeouts.
  ERR_HTTP_REQUEST_TIMEOUT: STATUS.requestTimeout,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: STATUS.payloadTooLarge,
};

/** Node's own refusals (headers too large, a request too slow to arrive, one that is not HTTP) in Loom's error shape, written on the socket. */
function refuseConnection(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = NODE_REFUSALS[error.code ?? ''] ?? STATUS.badRequest;
  const { code, message } = clientError(status);
  const body = errorBody(code, message);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** The connection of a response sent while the server stops is closed after it, not kept alive. */
const CLOSE_CONNECTION: Readonly<Record<string, string>> = { connection: 'close' };

/**
 * The answer to a request that arrives while the server stops (on a connection that was busy
 * when it began to: new connections are no longer accepted). Fastify's own 503 for it is in
 * Fastify's shape, so Loom answers it itself.
 */
const SHUTTING_DOWN = errorWire(STATUS.unavailable, 'shutting_down', 'the server is shutting down and takes no new requests', {}, CLOSE_CONNECTION);

export class LoomHttpServer {
  private closing: Promise<void> | undefined;
  /** Set when the server starts stopping: answers still in flight end their keep-alive connections. */
  private stopping = false;

  private constructor(
    readonly spec: ServerSpec,
    readonly app: FastifyInstance,
  ) {}

  /** Builds the server of `spec`; nothing listens until `listen`. */
  static async create(spec: ServerSpec, host: ServerHost): Promise<LoomHttpServer> {
    const app = Fastify({
      bodyLimit: spec.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES,
      // On close, idle keep-alive connections end at once; requests in flight finish first.
      forceCloseConnections: 'idle',
      // Refused by the onRequest hook below instead, in Loom's shape.
      return503OnClosing: false,
      clientErrorHandler: refuseConnection,
      // A URL Fastify cannot decode: answered in Loom's shape without quoting it back.
      frameworkErrors: (_error, _request, reply) => {
        const { code, message } = clientError(STATUS.badRequest);
        void (reply as FastifyReply).code(STATUS.badRequest).headers({ 'content-type': JSON_CONTENT_TYPE }).send(errorBody(code, message));
      },
    });
    const server = new LoomHttpServer(spec, app);
    await server.configure(host);
    return server;
  }

  private async configure(host: ServerHost): Promise<void> {
    const { app, spec } = this;
    const send = (reply: FastifyReply, wire: WireResponse): FastifyReply => {
      const answered = reply.code(wire.status).headers(wire.headers);
      return (this.stopping ? answered.headers(CLOSE_CONNECTION) : answered).send(wire.payload);
    };
    app.addHook('preClose', (done) => {
      this.stopping = true;
      done();
    });
    app.addHook('onRequest', (_request, reply, done) => {
      if (this.stopping) send(reply, SHUTTING_DOWN);
      else done();
    });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseBody(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    if (spec.cors !== null) await app.register(fastifyCors, corsOptions(await spec.cors()));
    spec.statics.forEach((entry, index) => {
      const root = resolve(host.baseDirectory, entry.directory);
      if (!existsSync(root)) host.warn(`static "${entry.urlPath}" from "${entry.directory}": the directory ${root} does not exist, so its files answer 404`);
      // Only the first registration may add `reply.sendFile`; the others share it.
      void app.register(fastifyStatic, { root, prefix: entry.urlPath, decorateReply: index === 0, index: false, dotfiles: 'deny', wildcard: true });
    });

    const declaredPaths = FindMyWay();
    const semanticRoutes: ReadyRoute[] = [];
    for (const route of spec.routes) {
      const prepared: ReadyRoute = {
        spec: route,
        plain: route.middleware.length === 0 && route.contracts.length === 0 && spec.requireAuth.length === 0,
        stages: await resolveStages(route.stages, host.callValue, host.isAgent),
        middleware: await resolveStages(route.middleware, host.callValue, host.isAgent),
        requires: route.contracts.filter((contract) => contract.clause === 'requires'),
        ensures: route.contracts.filter((contract) => contract.clause === 'ensures'),
      };
      if (route.semantic) semanticRoutes.push(prepared);
      // A semantic route written as an intent rather than a path is reached only through the model.
      if (!route.routerPath.startsWith('/')) continue;
      const methods = route.method === null ? SEMANTIC_METHODS : [route.method as HTTPMethod];
      // Decided once here, not per request: most routes have no typed parameter to convert.
      const typed = Object.keys(route.parameterTypes).length > 0;
      for (const method of methods) {
        declaredPaths.on(method, route.routerPath, () => undefined);
        app.route({
          method,
          url: route.routerPath,
          handler: async (request, reply) => {
            const value = requestValue(request);
            return send(reply, await this.answer(prepared, typed ? withTypedParams(value, route.parameterTypes) : value, host));
          },
        });
      }
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const value = requestValue(request);
      const allowed = ROUTER_METHODS.filter((method) => declaredPaths.find(method, value.path) !== null);
      if (allowed.length > 0) {
        return send(reply, errorWire(STATUS.methodNotAllowed, 'EC01', `Method ${value.method} is not allowed for ${value.path}`, { allow: allowed }, { allow: allowed.join(', ') }));
      }
      const subject = requestText(value);
      if (semanticRoutes.length > 0 && subject !== value.path) {
        const choice = await host.classify(`${value.method} ${value.path}\n${display(subject)}`, semanticRoutes.map((route) => intentOf(route.spec)));
        const route = semanticRoutes[choice];
        if (route !== undefined) return send(reply, await this.answer(route, value, host));
      }
      return send(reply, errorWire(STATUS.notFound, 'EC01', `No route found for ${value.method} ${value.path}`));
    });

    app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return send(reply, errorWire(STATUS.payloadTooLarge, 'body_too_large', `the request body is larger than this server's limit of ${spec.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES} bytes`));
      }
      if (error instanceof UnreadableBody) return send(reply, errorWire(error.statusCode, error.code, error.message));
      const status = error.statusCode !== undefined && error.statusCode >= FIRST_CLIENT_ERROR && error.statusCode < FIRST_SERVER_ERROR ? error.statusCode : STATUS.internalError;
      if (status !== STATUS.internalError) {
        const { code, message } = clientError(status);
        return send(reply, errorWire(status, code, message));
      }
      host.reportError(error);
      return send(reply, errorWire(status, 'http_error', 'the server failed to answer'));
    });
  }

  /** One request's answer, with the session cookie the std.auth session functions left for it. */
  private async answer(route: ReadyRoute, request: RequestValue, host: ServerHost): Promise<WireResponse> {
    if (!this.spec.requestContext) return this.handle(route, request, host);
    const { value, setCookie } = await answering(request, () => this.handle(route, request, host));
    return setCookie === undefined ? value : { ...value, headers: { ...value.headers, 'set-cookie': setCookie } };
  }

  /** require_auth, middleware, `requires`, the handler chain, `ensures`: one request's answer. */
  private async handle(route: ReadyRoute, incoming: RequestValue, host: ServerHost): Promise<WireResponse> {
    let request = incoming;
    try {
      if (route.plain) return toWire(await (route.stages.length === 1 ? route.stages[0]!.run(request, request, true) : runChain(route.stages, request)));
      if (this.spec.requireAuth.some((prefix) => request.path === prefix || request.path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`))) {
        const token = bearerToken(request.headers);
        if (token === null) return errorWire(STATUS.unauthorized, 'E501', `${request.path} needs an Authorization: Bearer token`, {}, { 'www-authenticate': 'Bearer' });
        try {
          request.auth = await host.verifyToken(token);
        } catch (error) {
          if (!(error instanceof LoomError)) throw error;
          return errorWire(STATUS.unauthorized, error.code, error.message, {}, { 'www-authenticate': 'Bearer' });
        }
      }
      for (const middleware of route.middleware) {
        const outcome = await middleware.run(request, request, true);
        if (isResponse(outcome)) return toWire(outcome);
        // A middleware may hand on a changed request; anything else lets the request through.
        if (isDict(outcome) && typeof outcome['method'] === 'string' && typeof outcome['path'] === 'string') request = outcome as RequestValue;
      }
      for (const contract of route.requires) {
        const refused = await violation(() => contract.check(request, null));
        if (refused === 'unreadable') return errorWire(STATUS.badRequest, 'EC02', `the request is not one requires can read: ${contract.text}`, { clause: 'requires' });
        if (refused !== undefined) return errorWire(STATUS.unauthorized, 'EC02', `ContractViolation(requires): ${contract.text}`, { clause: 'requires' });
      }
      const result = await runChain(route.stages, request);
      for (const contract of route.ensures) {
        const refused = await violation(() => contract.check(request, result));
        if (refused !== undefined) return errorWire(STATUS.forbidden, 'EC02', `ContractViolation(ensures): ${contract.text}`, { clause: 'ensures' });
      }
      return toWire(result);
    } catch (error) {
      host.reportError(error);
      const code = error instanceof LoomError ? error.code : 'RuntimeError';
      return errorWire(STATUS.internalError, code, `the handler ${route.spec.handler} failed`);
    }
  }

  /** Listens on `host:port`; returns the URL it answers at (the real port when `port` is 0). */
  async listen(port: number, host: string): Promise<string> {
    await this.app.listen({ port, host });
    const address = this.app.server.address();
    const actual = typeof address === 'object' && address !== null ? address.port : port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return `http://${shownHost}:${actual}`;
  }

  /** Stops accepting connections and waits for the requests in flight. */
  close(): Promise<void> {
    this.stopping = true;
    this.closing ??= this.app.close();
    return this.closing;
  }
}

/**
 * The ContractViolation a check raised, undefined when it held, or 'unreadable' when an
 * operation of the clause failed on the request's values (E105: a field of a text body, of a
 * list): the client sent what the contract cannot read, which is its fault, not the server's.
 * Other errors go on.
 */
async function violation(check: () => Promise<void>): Promise<ContractViolation | 'unreadable' | undefined> {
  try {
    await check();
    return undefined;
  } catch (error) {
    if (error instanceof ContractViolation) return error;
    if (error instanceof LoomError && error.code === UNREADABLE_BY_CONTRACT) return 'unreadable';
    throw error;
  }
}

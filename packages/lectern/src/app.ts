import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorObject } from 'ajv';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { defaultAllowedOrigins, events, limits } from './config.js';
import type { Db } from './platform/db.js';
import { ApiError, errorBody, invalidRequest } from './platform/errors.js';
import { issueFromAjv } from './platform/validation-issues.js';
import { busEvents, EventHub } from './platform/events.js';
import type { Logger } from './platform/logger.js';
import { collectOpenApi } from './platform/openapi.js';
import { installRequestGuard } from './platform/request-guard.js';
import { installSchemaCompilers } from './platform/schema-compilers.js';
import { version } from './version.js';
import { resolveTaskProvider } from './assistant/providers/resolve.js';
import { registerEntryRoutes } from './features/entries/routes.js';
import { EntrySchema } from './features/entries/schemas.js';
import { createEntryService } from './features/entries/service.js';
import { createEntryStore } from './features/entries/store.js';
import { connectionFrames } from './features/events/frames.js';
import { eventsPath, registerEventRoutes } from './features/events/routes.js';
import { registerAssistantRoutes } from './features/assistant/routes.js';
import { TaskRunner } from './features/assistant/runner.js';
import { TaskSchema } from './features/assistant/schemas.js';
import { createAssistantService } from './features/assistant/service.js';
import { createTaskStore } from './features/assistant/store.js';
import { registerCredentialRoutes } from './features/credentials/routes.js';
import { createCredentialService } from './features/credentials/service.js';
import { createCredentialStore } from './features/credentials/store.js';
import { registerNoteRoutes } from './features/notes/routes.js';
import { NoteSchema } from './features/notes/schemas.js';
import { createNoteStore } from './features/notes/store.js';
import { registerSettingsRoutes } from './features/settings/routes.js';
import { SettingsSchema } from './features/settings/schemas.js';
import { createSettingsService } from './features/settings/service.js';
import { createSettingsStore } from './features/settings/store.js';
import { registerSessionRoutes } from './features/sessions/routes.js';
import { SessionSchema } from './features/sessions/schemas.js';
import { createSessionService } from './features/sessions/service.js';
import { createSessionStore } from './features/sessions/store.js';

export interface AppOptions {
  db: Db;
  /** Holds the credential key file next to the database. */
  dataDir: string;
  token: string;
  logger: Logger;
  /** Host names accepted besides loopback (the bind address under `--unsafe-bind`). */
  extraHosts?: readonly string[];
}

export interface App {
  server: FastifyInstance;
  hub: EventHub;
}

const healthPath = '/api/health';

/** Maps anything thrown while handling a request onto the contract's error envelope. */
function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const root = error.validationContext ?? 'body';
    const detail = error.validation.map((issue) => issueFromAjv(issue as ErrorObject, root));
    return invalidRequest(detail);
  }
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
 * Requests Node's HTTP parser rejects (a malformed Content-Length, broken framing) never
 * reach Fastify; they still get the contract's envelope instead of a bare 400.
 */
function answerUnparsableRequest(_error: Error, socket: Socket): void {
  if (!socket.writable) return void socket.destroy();
  const error = new ApiError('bad_request', 'The request could not be parsed');
  const body = JSON.stringify(errorBody(error));
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { db, token, logger } = options;
  const hub = new EventHub();

  const server = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: limits.jsonBodyMaxBytes,
    forceCloseConnections: 'idle',
    clientErrorHandler: answerUnparsableRequest,
  });

  // An empty JSON body is read as "no body" (POST /pause with a JSON content type), bad JSON is a 400.
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError('bad_request', 'The body is not valid JSON'), undefined);
    }
  });

  server.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500 && apiError.code === 'internal_error') request.log.error({ err: error }, 'request failed');
    return reply.code(apiError.status).send(errorBody(apiError));
  });
  server.setNotFoundHandler((_request, reply) => {
    const error = new ApiError('not_found', 'No such route');
    return reply.code(error.status).send(errorBody(error));
  });

  const settings = createSettingsService(createSettingsStore(db), hub);
  let allowedOrigins = new Set([...defaultAllowedOrigins, ...settings.get().security.allowed_origins]);
  settings.onChange((next) => {
    allowedOrigins = new Set([...defaultAllowedOrigins, ...next.security.allowed_origins]);
  });

  installRequestGuard(server, {
    token,
    allowedOrigins: () => allowedOrigins,
    extraHosts: options.extraHosts ?? [],
    publicPaths: new Set([healthPath]),
    websocketPaths: new Set([eventsPath]),
  });

  await server.register(websocket, { options: { maxPayload: events.wsMaxPayloadBytes } });

  const sharedSchemas = [SessionSchema, EntrySchema, TaskSchema, NoteSchema, SettingsSchema];
  for (const schema of sharedSchemas) server.addSchema(schema);
  installSchemaCompilers(server, sharedSchemas);
  const openApiDocument = collectOpenApi(server, sharedSchemas, { ...busEvents, ...connectionFrames });

  const credentials = createCredentialService(createCredentialStore(db), options.dataDir);
  const sessions = createSessionService(createSessionStore(db), hub);
  sessions.interruptUnfinished();
  const entries = createEntryService(createEntryStore(db), sessions, hub, () => {
    const { alerts } = settings.get();
    return { danger: alerts.danger_keywords, warning: alerts.warning_keywords };
  });
  const resolveProvider = () => resolveTaskProvider(settings.get().llm, () => credentials.reveal('llm'));
  const tasks = createTaskStore(db);
  const assistant = createAssistantService({
    store: tasks,
    runner: new TaskRunner({ store: tasks, hub, logger, resolveProvider }),
    sessions,
    entries,
    hub,
    resolveProvider,
    autoSummaryEnabled: () => settings.get().auto_summary,
  });
  assistant.interruptUnfinished();

  server.get(healthPath, { schema: { tags: ['health'], summary: 'Liveness (no token needed)', security: [] } }, async () => ({ status: 'healthy', version }));
  server.get('/api/v2/openapi.json', { schema: { hide: true } }, async () => openApiDocument());
  registerSessionRoutes(server, sessions, (session) => assistant.summariseStopped(session));
  registerEntryRoutes(server, entries, sessions);
  registerAssistantRoutes(server, assistant);
  registerNoteRoutes(server, createNoteStore(db), sessions);
  registerSettingsRoutes(server, settings);
  registerCredentialRoutes(server, credentials);
  registerEventRoutes(server, hub, sessions, token);

  return { server, hub };
}

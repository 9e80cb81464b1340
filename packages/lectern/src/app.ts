import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { defaultAllowedOrigins, events, limits } from './config.js';
import type { Db } from './platform/db.js';
import { answerUnparsableRequest, errorEnvelope } from './platform/error-handler.js';
import { busEvents, EventHub } from './platform/events.js';
import type { Logger } from './platform/logger.js';
import { collectOpenApi } from './platform/openapi.js';
import { requestGuard } from './platform/request-guard.js';
import { installSchemaCompilers } from './platform/schema-compilers.js';
import { version } from './version.js';
import { resolveTaskProvider } from './answer-engine/providers/resolve.js';
import { entryRoutes } from './features/entries/routes.js';
import { EntrySchema } from './features/entries/schemas.js';
import { createEntryService } from './features/entries/service.js';
import { createEntryStore } from './features/entries/store.js';
import { connectionFrames } from './features/events/frames.js';
import { eventRoutes, eventsPath } from './features/events/routes.js';
import { assistantRoutes } from './features/assistant/routes.js';
import { TaskRunner } from './features/assistant/runner.js';
import { TaskSchema } from './features/assistant/schemas.js';
import { createAssistantService } from './features/assistant/service.js';
import { createTaskStore } from './features/assistant/store.js';
import { credentialRoutes } from './features/credentials/routes.js';
import { createCredentialService } from './features/credentials/service.js';
import { createCredentialStore } from './features/credentials/store.js';
import { noteRoutes } from './features/notes/routes.js';
import { NoteSchema } from './features/notes/schemas.js';
import { createNoteStore } from './features/notes/store.js';
import { settingsRoutes } from './features/settings/routes.js';
import { SettingsSchema } from './features/settings/schemas.js';
import { createSettingsService } from './features/settings/service.js';
import { createSettingsStore } from './features/settings/store.js';
import { sessionRoutes } from './features/sessions/routes.js';
import { SessionSchema } from './features/sessions/schemas.js';
import { createSessionService } from './features/sessions/service.js';
import { createSessionStore } from './features/sessions/store.js';

export interface ServerOptions {
  token: string;
  /** Absent in tests that do not look at logs; `lectern serve` always passes its logger. */
  logger?: Logger;
  /** Read per request, so origins saved in the settings apply at once; the built-in list when absent. */
  allowedOrigins?: () => ReadonlySet<string>;
  /** Host names accepted besides loopback (the bind address under `--unsafe-bind`). */
  extraHosts?: readonly string[];
}

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

/** The resource schemas routes refer to by `$ref` (and events by id); registered once, on the root. */
const sharedSchemas = [SessionSchema, EntrySchema, TaskSchema, NoteSchema, SettingsSchema];

/**
 * The HTTP server every feature runs on: the error envelope, the request guard, the WebSocket
 * support, the shared schemas and their compilers, health and the OpenAPI document. Features
 * are then registered on it as encapsulated plugins. Tests of one feature build their server
 * here too, so they exercise exactly the production wiring.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const server = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : {}),
    bodyLimit: limits.jsonBodyMaxBytes,
    forceCloseConnections: 'idle',
    clientErrorHandler: answerUnparsableRequest,
  });

  const builtInOrigins = new Set(defaultAllowedOrigins);
  await server.register(errorEnvelope);
  await server.register(requestGuard, {
    token: options.token,
    allowedOrigins: options.allowedOrigins ?? (() => builtInOrigins),
    extraHosts: options.extraHosts ?? [],
    publicPaths: new Set([healthPath]),
    websocketPaths: new Set([eventsPath]),
  });
  await server.register(websocket, { options: { maxPayload: events.wsMaxPayloadBytes } });

  for (const schema of sharedSchemas) server.addSchema(schema);
  installSchemaCompilers(server, sharedSchemas);
  const openApiDocument = collectOpenApi(server, sharedSchemas, { ...busEvents, ...connectionFrames });

  server.get(healthPath, { schema: { tags: ['health'], summary: 'Liveness (no token needed)', security: [] } }, async () => ({ status: 'healthy', version }));
  server.get('/api/v2/openapi.json', { schema: { hide: true } }, async () => openApiDocument());
  return server;
}

/** Lectern as `lectern serve` runs it: the services over one database, and one plugin per feature. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { db, token, logger } = options;
  const hub = new EventHub();

  const settings = createSettingsService(createSettingsStore(db), hub);
  let allowedOrigins = new Set([...defaultAllowedOrigins, ...settings.get().security.allowed_origins]);
  settings.onChange((next) => {
    allowedOrigins = new Set([...defaultAllowedOrigins, ...next.security.allowed_origins]);
  });

  const server = await createServer({ token, logger, allowedOrigins: () => allowedOrigins, extraHosts: options.extraHosts ?? [] });

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

  await server.register(sessionRoutes, { sessions, afterStop: (session) => assistant.summariseStopped(session) });
  await server.register(entryRoutes, { entries, sessions });
  await server.register(assistantRoutes, { assistant });
  await server.register(noteRoutes, { notes: createNoteStore(db), sessions });
  await server.register(settingsRoutes, { settings });
  await server.register(credentialRoutes, { credentials });
  await server.register(eventRoutes, { hub, sessions, token });

  return { server, hub };
}

import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import websocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import { defaultAllowedOrigins, events, limits } from './config.js';
import type { Db } from './platform/db.js';
import { answerUnparsableRequest, errorEnvelope } from './platform/error-handler.js';
import { EventHub } from './platform/events.js';
import { busEvents, type BusEvents } from './event-catalogue.js';
import type { Logger } from './platform/logger.js';
import { collectOpenApi } from './platform/openapi.js';
import { closeRefusedUpgrades } from './platform/refused-upgrades.js';
import { answerFrameworkError, requestChecks, requestGuard } from './platform/request-guard.js';
import { LoginCodes } from './platform/login-codes.js';
import { loginExchangePath, loginRoutes } from './platform/login-routes.js';
import { schemaCompilers } from './platform/schema-compilers.js';
import { version } from './version.js';
import { entryRoutes } from './features/entries/routes.js';
import { EntrySchema } from './features/entries/schemas.js';
import { createEntryService } from './features/entries/service.js';
import { createEntryStore } from './features/entries/store.js';
import { connectionFrames } from './features/events/frames.js';
import { dropMisbehavingClient, PolicyWebSocket } from './features/events/policy-websocket.js';
import { eventRoutes, eventsPath } from './features/events/routes.js';
import { assistantRoutes } from './features/assistant/routes.js';
import { TaskRunner } from './features/assistant/runner.js';
import { TaskSchema } from './features/assistant/schemas.js';
import { createAssistantService } from './features/assistant/service.js';
import { createTaskStore } from './features/assistant/store.js';
import { credentialRoutes } from './features/credentials/routes.js';
import { createCredentialService } from './features/credentials/service.js';
import { createCredentialStore } from './features/credentials/store.js';
import { loadManifest } from './features/models/manifest.js';
import { modelRoutes } from './features/models/routes.js';
import { ModelRuntimeSchema, ModelSchema } from './features/models/schemas.js';
import { createModelService, type ModelServiceOptions } from './features/models/service.js';
import { createModelInstallStore } from './features/models/store.js';
import { idleUnloadMsFrom } from './features/models/runtime.js';
import { systemRecogniserPaths } from './features/models/system-recogniser.js';
import { materialRoutes } from './features/materials/routes.js';
import { MaterialSchema, MaterialSummarySchema } from './features/materials/schemas.js';
import { createMaterialService } from './features/materials/service.js';
import { createMaterialStore } from './features/materials/store.js';
import { MaterialParser, defaultParserLimits, type ParserLimits } from './features/materials/parsing/parse-in-worker.js';
import { audioRoutes } from './features/audio/routes.js';
import { createAudioService } from './features/audio/service.js';
import { createRecognisers } from './features/audio/speech/recognisers/recognisers.js';
import { createSpeechAvailability } from './features/audio/speech/availability.js';
import { senseVoiceId } from './features/audio/speech/recognisers/sensevoice-recogniser.js';
import { createAudioReceiptStore } from './features/audio/store.js';
import { createMicrophones, type Microphones } from './features/audio/capture/microphones.js';
import { legacyRoutes } from './features/legacy/routes.js';
import { createLegacyService } from './features/legacy/service.js';
import { createLegacyStore } from './features/legacy/store.js';
import { noteRoutes } from './features/notes/routes.js';
import { createNoteService } from './features/notes/service.js';
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
import type { WebFile } from './features/workspace/files.js';
import { workspaceRoutes } from './features/workspace/routes.js';

export interface ServerOptions {
  token: string;
  /** Absent in tests that do not look at logs; `lectern serve` always passes its logger. */
  logger?: Logger;
  /** Read per request, so origins saved in the settings apply at once; the built-in list when absent. */
  allowedOrigins?: () => ReadonlySet<string>;
  /** Host names accepted besides loopback (the bind address under `--unsafe-bind`). */
  extraHosts?: readonly string[];
  /** The web workspace's files by URL path; absent on an API-only instance or when not built. */
  webFiles?: ReadonlyMap<string, WebFile> | null;
}

export interface ServicesOptions {
  db: Db;
  /** Holds the credential key file next to the database. */
  dataDir: string;
  logger: Logger;
  /** Where credentials provided by the environment (`LECTERN_<NAME>_KEY`) are read. */
  environment?: NodeJS.ProcessEnv;
  /** Tests replace the model manager's probes of the machine (free space, system packages, load). */
  models?: Partial<Pick<ModelServiceOptions, 'freeSpace' | 'probe' | 'systemRecogniser' | 'idleUnloadMs'>>;
  /** False for `--api-only`: microphone classes never open a device (they fail with device_unavailable). */
  capture?: boolean;
  /** Bounds of the material parse workers; config.ts's unless a test narrows them. */
  materialParsing?: Partial<ParserLimits>;
}

export interface AppOptions extends ServicesOptions {
  token: string;
  /** Host names accepted besides loopback (the bind address under `--unsafe-bind`). */
  extraHosts?: readonly string[];
  /** The web workspace's files (features/workspace/files.ts); none on an API-only instance. */
  webFiles?: ReadonlyMap<string, WebFile> | null;
}

export interface App {
  server: FastifyInstance;
  hub: EventHub<BusEvents>;
}

const healthPath = '/api/health';

type WebSocketClassOption = NonNullable<NonNullable<WebsocketPluginOptions['options']>['WebSocket']>;

/** The resource schemas routes refer to by `$ref` (and events by id); registered once, on the root. */
const sharedSchemas = [SessionSchema, EntrySchema, TaskSchema, NoteSchema, SettingsSchema, ModelSchema, ModelRuntimeSchema, MaterialSummarySchema, MaterialSchema];

/**
 * The HTTP server every feature runs on: the error envelope, the request guard, the WebSocket
 * support, the shared schemas and their compilers, health and the OpenAPI document. Features
 * are then registered on it as encapsulated plugins. Tests of one feature build their server
 * here too, so they exercise exactly the production wiring.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const builtInOrigins = new Set(defaultAllowedOrigins);
  const check = requestChecks({
    token: options.token,
    allowedOrigins: options.allowedOrigins ?? (() => builtInOrigins),
    extraHosts: options.extraHosts ?? [],
    publicPaths: new Set([healthPath]),
    websocketPaths: new Set([eventsPath]),
    tokenlessPosts: new Set([loginExchangePath]),
    isPublicFile: (path) => options.webFiles?.has(path) === true,
  });
  const server = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : {}),
    bodyLimit: limits.jsonBodyMaxBytes,
    forceCloseConnections: 'idle',
    clientErrorHandler: answerUnparsableRequest,
    routerOptions: { maxParamLength: limits.pathParamMaxChars },
    // The API is JSON over GET/POST/PUT/PATCH/DELETE; a HEAD twin of every GET route doubled the
    // router's work at start-up for a method no client uses. The workspace's files keep HEAD.
    exposeHeadRoutes: false,
    frameworkErrors: answerFrameworkError(check),
    schemaController: { compilersFactory: schemaCompilers(sharedSchemas) },
  });

  await server.register(errorEnvelope);
  await server.register(closeRefusedUpgrades);
  await server.register(requestGuard, { check });
  await server.register(websocket, {
    // The option's type asks for the ws module's whole export (its static helpers too); ws itself
    // only constructs the class, which a subclass does exactly like the original.
    options: { maxPayload: events.wsMaxPayloadBytes, WebSocket: PolicyWebSocket as unknown as WebSocketClassOption },
    errorHandler: dropMisbehavingClient,
  });

  for (const schema of sharedSchemas) server.addSchema(schema);
  const openApiDocument = collectOpenApi(server, sharedSchemas, { ...busEvents, ...connectionFrames });

  server.get(healthPath, { schema: { tags: ['health'], summary: 'Liveness (no token needed)', security: [] } }, async () => ({ status: 'healthy', version }));
  server.get('/api/v2/openapi.json', { schema: { hide: true } }, async () => openApiDocument());
  await server.register(loginRoutes, { token: options.token, codes: new LoginCodes() });
  if (options.webFiles) await server.register(workspaceRoutes, { files: options.webFiles });
  return server;
}

/** The services over one database, and the bus they publish on; what the feature plugins are given. */
export function createServices(options: ServicesOptions) {
  const { db, logger } = options;
  const hub = new EventHub<BusEvents>(db);
  const settings = createSettingsService(createSettingsStore(db), hub);
  const credentials = createCredentialService(createCredentialStore(db), options.dataDir, options.environment);
  const environment = options.environment ?? process.env;
  // The capture starter is bound late: the microphones need services created below.
  const late: { microphones?: Microphones } = {};
  const sessions = createSessionService(
    createSessionStore(db),
    hub,
    options.capture === false ? undefined : (session) => late.microphones!.start(session),
  );
  sessions.interruptUnfinished();
  const entries = createEntryService(createEntryStore(db), sessions, hub, () => {
    const { alerts } = settings.get();
    return { danger: alerts.danger_keywords, warning: alerts.warning_keywords };
  });
  const materials = createMaterialService({
    store: createMaterialStore(db),
    sessions,
    hub,
    parser: new MaterialParser({ ...defaultParserLimits, ...options.materialParsing }),
  });
  const models = createModelService({
    store: createModelInstallStore(db),
    hub,
    logger,
    dataDir: options.dataDir,
    manifest: loadManifest(environment),
    mirrorUrl: () => settings.get().models.mirror_url,
    systemRecogniser: systemRecogniserPaths(environment),
    idleUnloadMs: idleUnloadMsFrom(environment),
    ...options.models,
  });
  // The answer engine and the model clients load with the first task, not before the ready line.
  const resolveProvider = async () => {
    const { resolveTaskProvider } = await import('./answer-engine/providers/resolve.js');
    return resolveTaskProvider(settings.get().llm, () => credentials.reveal('llm'), (id) => models.localLlm(id));
  };
  const tasks = createTaskStore(db);
  const assistant = createAssistantService({
    store: tasks,
    runner: new TaskRunner({ store: tasks, hub, logger, resolveProvider }),
    sessions,
    entries,
    hub,
    resolveProvider,
    autoSummaryEnabled: () => settings.get().auto_summary,
    materialText: (id) => materials.forContext(id),
  });
  assistant.interruptUnfinished();
  const systemPaths = options.models?.systemRecogniser ?? systemRecogniserPaths(environment);
  const recognisers = createRecognisers({
    dataDir: options.dataDir,
    pocketsphinxModelDir: systemPaths.modelDir,
    searchPath: systemPaths.searchPath,
    availability: createSpeechAvailability({
      dataDir: options.dataDir,
      systemPaths,
      senseVoiceInstalled: () => models.get(senseVoiceId).state === 'ready',
      hub,
    }),
    language: () => settings.get().asr.language,
    onBackgroundError: (error) => logger.warn({ err: error }, 'background speech work failed (a course vocabulary, general English or a speaker estimate); the class goes on without it'),
  });
  const audio = createAudioService({
    store: createAudioReceiptStore(db),
    sessions,
    entries,
    materials,
    recognisers,
    modelId: () => settings.get().asr.model_id,
    hub,
  });
  const microphones = (late.microphones = createMicrophones(hub, {
    environment,
    deviceId: () => {
      const device = settings.get().asr.device_id;
      return typeof device === 'string' ? device : '';
    },
    ensureRecogniser: () => audio.ensureRecogniser(),
    recognise: (session, samples) => audio.recognise(session, samples),
    append: (sessionId, text, sourceId, drain) => void audio.appendRecognised(sessionId, text, sourceId, undefined, drain),
    fail: (sessionId) => void sessions.fail(sessionId),
  }));
  const notes = createNoteStore(db);
  const legacy = createLegacyService({
    store: createLegacyStore(db),
    sessions,
    entries,
    notes: createNoteService(notes),
    materials,
    settings,
    credentials,
  });
  return { hub, settings, credentials, sessions, entries, assistant, models, materials, legacy, notes, recognisers, audio, microphones, environment };
}

export type Services = ReturnType<typeof createServices>;

/** The built-in origins plus those saved in the settings, kept current as the settings change. */
export function originsAllowedBy(settings: Services['settings']): () => ReadonlySet<string> {
  const allowed = (origins: readonly string[]) => new Set([...defaultAllowedOrigins, ...origins]);
  let current = allowed(settings.get().security.allowed_origins);
  settings.onChange((next) => {
    current = allowed(next.security.allowed_origins);
  });
  return () => current;
}

export const featureNames = ['sessions', 'entries', 'assistant', 'notes', 'materials', 'legacy', 'settings', 'credentials', 'models', 'audio', 'events'] as const;
export type FeatureName = (typeof featureNames)[number];

/**
 * Registers the features' plugins, each with the services it needs; all of them for `lectern
 * serve`, or the few a test of one feature asks for.
 */
export async function registerFeatures(
  server: FastifyInstance,
  services: Services,
  token: string,
  features: readonly FeatureName[] = featureNames,
): Promise<void> {
  const { hub, settings, credentials, sessions, entries, assistant, models, materials, legacy, notes, audio } = services;
  const plugins: Record<FeatureName, () => PromiseLike<unknown>> = {
    sessions: () => server.register(sessionRoutes, { sessions, afterStop: (session) => assistant.summariseStopped(session) }),
    entries: () => server.register(entryRoutes, { entries, sessions }),
    assistant: () => server.register(assistantRoutes, { assistant }),
    notes: () => server.register(noteRoutes, { notes, sessions }),
    materials: () => server.register(materialRoutes, { materials }),
    legacy: () => server.register(legacyRoutes, { legacy }),
    settings: () => server.register(settingsRoutes, { settings }),
    credentials: () => server.register(credentialRoutes, { credentials }),
    models: () => server.register(modelRoutes, { models }),
    audio: () =>
      server.register(audioRoutes, {
        audio,
        environment: services.environment,
        release: async () => {
          await services.microphones.close();
          services.recognisers.close();
        },
      }),
    events: () => server.register(eventRoutes, { hub, sessions, token }),
  };
  for (const name of features) await plugins[name]();
}

/** Lectern as `lectern serve` runs it: the services, the server, and every feature on it. */
export async function buildApp(options: AppOptions): Promise<App> {
  const services = createServices(options);
  const server = await createServer({
    token: options.token,
    logger: options.logger,
    allowedOrigins: originsAllowedBy(services.settings),
    extraHosts: options.extraHosts ?? [],
    webFiles: options.webFiles ?? null,
  });
  await registerFeatures(server, services, options.token);
  return { server, hub: services.hub };
}

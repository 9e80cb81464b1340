import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { createServer, createServices, originsAllowedBy, registerFeatures, type FeatureName, type Services, type ServicesOptions } from '../../src/app.js';
import { openDatabase, type Db } from '../../src/platform/db.js';
import type { Logger } from '../../src/platform/logger.js';

/** Any token will do: the request guard of the production wiring checks it like any other. */
export const featureServerToken = 'feature-test-token';

export interface FeatureServerOptions {
  /** The server's and the services' logger; silent when absent. */
  logger?: Logger;
  /** Environment the credential service reads `LECTERN_<NAME>_KEY` from; none when absent. */
  environment?: NodeJS.ProcessEnv;
  /** Runs on the server before the features are registered, e.g. to add a hook that sees their errors. */
  beforeFeatures?: (server: FastifyInstance) => unknown;
  /** Replacements for the model manager's probes of the machine. */
  models?: ServicesOptions['models'];
  /** An existing data dir (a restart); left in place by close(). A fresh one, removed by close(), when absent. */
  dataDir?: string;
  /** False to start the services as `--api-only` does: no device capture. */
  capture?: boolean;
  /** Narrower material parse bounds (a short deadline, a small heap) for the tests of those refusals. */
  materialParsing?: ServicesOptions['materialParsing'];
}

export interface FeatureServer {
  server: FastifyInstance;
  services: Services;
  db: Db;
  dataDir: string;
  /** `server.inject` with the bearer token every route but health requires. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Closes the server and the database and removes the data dir. */
  close(): Promise<void>;
}

/**
 * The production wiring of app.ts (services over a fresh database, createServer, and the
 * features' plugins through registerFeatures) with only the named features registered, so a
 * feature's routes are tested in process exactly as `lectern serve` serves them.
 */
export async function startFeatureServer(features: readonly FeatureName[], options: FeatureServerOptions = {}): Promise<FeatureServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lectern-feature-'));
  const db = openDatabase(dataDir);
  const logger = options.logger ?? pino({ level: 'silent' });
  const services = createServices({
    db, dataDir, logger, environment: options.environment ?? {}, materialParsing: options.materialParsing, capture: options.capture,
    ...(options.models ? { models: options.models } : {}),
  });
  const server = await createServer({ token: featureServerToken, logger, allowedOrigins: originsAllowedBy(services.settings) });
  await options.beforeFeatures?.(server);
  await registerFeatures(server, services, featureServerToken, features);
  await server.ready();
  return {
    server,
    services,
    db,
    dataDir,
    inject: (request) => server.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${featureServerToken}` } }),
    async close() {
      await server.close();
      db.close();
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createServer, type ServerOptions } from '../../src/app.js';

/** Any token will do: the request guard of the production wiring checks it like any other. */
const token = 'feature-test-token';

export interface FeatureServer {
  server: FastifyInstance;
  /** `server.inject` with the bearer token every route but health requires. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * The production server (app.ts `createServer`: error envelope, request guard, schemas) with
 * the routes `register` adds, typically one feature's plugin. Tests call routes in process,
 * through exactly the wiring `lectern serve` uses; the caller closes `server`.
 */
export async function startFeatureServer(
  register: (server: FastifyInstance) => Promise<unknown>,
  options: Omit<ServerOptions, 'token'> = {},
): Promise<FeatureServer> {
  const server = await createServer({ ...options, token });
  await register(server);
  await server.ready();
  return {
    server,
    inject: (request) => server.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } }),
  };
}

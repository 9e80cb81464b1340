import type { FastifyInstance, RouteOptions } from 'fastify';
import { version } from '../version.js';
import { ErrorBodySchema } from './errors.js';
import type { EventDefinition } from './events.js';

/** Documentation fields every route may carry next to its validation schemas. */
declare module 'fastify' {
  interface FastifySchema {
    tags?: readonly string[];
    summary?: string;
    description?: string;
    /** Leave the route out of the OpenAPI document (the document itself, the WebSocket). */
    hide?: boolean;
    security?: readonly Record<string, readonly string[]>[];
    produces?: readonly string[];
  }
}

interface CollectedRoute {
  method: string;
  url: string;
  schema: Record<string, unknown>;
}

type JsonObject = Record<string, unknown>;

const jsonMethods = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** `$ref: "Session"` (a Fastify shared-schema id) → `#/components/schemas/Session`, recursively. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string' && !inner.startsWith('#')) out[key] = `#/components/schemas/${inner}`;
    else if (key !== '$id') out[key] = rewriteRefs(inner);
  }
  return out;
}

function parametersOf(schema: JsonObject | undefined, location: 'path' | 'query'): JsonObject[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: rewriteRefs(property),
  }));
}

function operationOf(route: CollectedRoute): JsonObject {
  const { schema } = route;
  const responses: JsonObject = {};
  const produces = (schema.produces as string[] | undefined) ?? ['application/json'];
  for (const [status, body] of Object.entries((schema.response ?? { 200: {} }) as JsonObject)) {
    responses[status] = { description: `HTTP ${status}`, content: { [produces[0] ?? 'application/json']: { schema: rewriteRefs(body) } } };
  }
  responses.default = { description: 'Error envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    ...(schema.summary ? { summary: schema.summary } : {}),
    ...(schema.description ? { description: schema.description } : {}),
    ...(schema.tags ? { tags: schema.tags } : {}),
    ...(schema.security ? { security: schema.security } : {}),
    parameters: [...parametersOf(schema.params as JsonObject, 'path'), ...parametersOf(schema.querystring as JsonObject, 'query')],
    ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: rewriteRefs(schema.body) } } } } : {}),
    responses,
  };
}

/**
 * The WebSocket's frames as one `oneOf`, a branch per type, built from the same definitions
 * that type the bus: OpenAPI has no way to describe a WebSocket route itself.
 */
function eventFrameSchema(frames: Readonly<Record<string, EventDefinition>>): JsonObject {
  return {
    description:
      'A frame of the WebSocket `/api/v2/events`. The first client message must be `{"type":"auth","token":"...","after_seq"?:N}`; '
      + 'afterwards clients may only send pings. `seq` is a per-process counter.',
    oneOf: Object.entries(frames).map(([type, frame]) => ({
      title: type,
      description: frame.description,
      type: 'object',
      required: ['type', 'session_id', 'data'],
      properties: {
        type: { const: type },
        seq: { type: 'integer' },
        session_id: { type: ['string', 'null'] },
        data: rewriteRefs(frame.data),
      },
    })),
  };
}

/**
 * The OpenAPI 3.1 document, generated from the same TypeBox schemas that validate requests
 * (3.1 because TypeBox emits JSON Schema, e.g. `type: "null"`, which 3.0 cannot express).
 * Routes are collected as they are registered and the document is built on first request,
 * so none of this costs start-up time.
 */
export function collectOpenApi(
  app: FastifyInstance,
  sharedSchemas: readonly JsonObject[],
  eventFrames: Readonly<Record<string, EventDefinition>>,
): () => JsonObject {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as JsonObject | undefined;
    if (!schema || schema.hide) return;
    for (const method of [route.method].flat()) {
      const lower = method.toLowerCase();
      if (jsonMethods.has(lower)) routes.push({ method: lower, url: route.url, schema });
    }
  });

  let document: JsonObject | undefined;
  return () => {
    if (document) return document;
    const paths: Record<string, JsonObject> = {};
    for (const route of routes) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      paths[path] = { ...paths[path], [route.method]: operationOf(route) };
    }
    const schemas: JsonObject = { Error: rewriteRefs(ErrorBodySchema) };
    for (const shared of sharedSchemas) schemas[shared.$id as string] = rewriteRefs(shared);
    schemas.EventFrame = eventFrameSchema(eventFrames);
    document = {
      openapi: '3.1.0',
      info: { title: 'Lectern API', version, description: 'The local backend of a desktop classroom assistant (interface 2.0).' },
      components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      paths,
    };
    return document;
  };
}

import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './openapi.gen.js';

/**
 * A typed client of Lectern's `/api/v2`, its types generated from the server's own OpenAPI
 * document. The web workspace uses it, and third-party tools may too (against their own
 * `--api-only` instance): `import { createLecternClient } from '@lectern/web/client'`.
 */
export type Schemas = components['schemas'];
export type Session = Schemas['Session'];
export type Entry = Schemas['Entry'];
export type Task = Schemas['Task'];
export type Note = Schemas['Note'];
export type Settings = Schemas['Settings'];
export type Model = Schemas['Model'];
export type ModelRuntime = Schemas['ModelRuntime'];
export type MaterialSummary = Schemas['MaterialSummary'];
export type Material = Schemas['Material'];
export type EventFrame = Schemas['EventFrame'];
export type ErrorBody = Schemas['Error'];
export type LecternClient = Client<paths>;
export type { paths, components };

/** An error answer of the API, with its documented code and message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export function createLecternClient(baseUrl: string, token: string, fetchImpl?: typeof fetch): LecternClient {
  const client = createClient<paths>({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}

export function failureOf(response: Response, body: unknown): ApiFailure {
  if (isErrorBody(body)) return new ApiFailure(response.status, body.error, body.message);
  return new ApiFailure(response.status, 'http_error', `HTTP ${response.status}`);
}

/** The data of an openapi-fetch answer, or an ApiFailure carrying the API's code and message. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw failureOf(response, error);
  return data as T;
}

/** Trades a single-use login code for the token (`POST /api/v2/auth/exchange`, no bearer). */
export async function exchangeLoginCode(baseUrl: string, code: string): Promise<string> {
  const client = createClient<paths>({ baseUrl });
  const { token } = await unwrap(client.POST('/api/v2/auth/exchange', { body: { code } }));
  return token;
}

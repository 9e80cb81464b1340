/**
 * The `request` a handler, middleware or route contract sees: a dict of `method`, `path`,
 * `params` (path parameters), `query`, `headers` (lower-case names) and `body` — parsed JSON
 * when the body is JSON, else its text, `null` without one — plus `auth`, the verified token
 * claims, on a path `require_auth` protects.
 */

export interface RequestValue {
  method: string;
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
  auth?: unknown;
  [key: string]: unknown;
}

/** What the HTTP layer knows about one request. */
export interface IncomingRequest {
  readonly method: string;
  readonly url: string;
  readonly params: unknown;
  readonly query: unknown;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

function plainRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : {};
}

export function requestValue(incoming: IncomingRequest): RequestValue {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const queryStart = incoming.url.indexOf('?');
  return {
    method: incoming.method,
    path: queryStart === -1 ? incoming.url : incoming.url.slice(0, queryStart),
    params: plainRecord(incoming.params),
    query: plainRecord(incoming.query),
    headers,
    body: incoming.body ?? null,
  };
}

/** A body as the handler sees it: parsed JSON when it is JSON, else the text; `null` when empty. */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the handler gets the text as it came.
    return text;
  }
}

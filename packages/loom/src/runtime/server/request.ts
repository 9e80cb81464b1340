/**
 * The `request` a handler, middleware or route contract sees: a dict of `method`, `path`,
 * `params` (path parameters), `query`, `headers` (lower-case names) and `body` — parsed JSON
 * when the body is JSON, else its text, "" without one — plus `auth`, the verified token
 * claims, on a path `require_auth` protects.
 */
import { JSON_BODY_MAX_NESTING_LEVELS } from './http-limits.js';

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
  // Node gives header names in lower case already; repeated headers (only set-cookie) are lists.
  const headers: Record<string, string> = {};
  for (const name in incoming.headers) {
    const value = incoming.headers[name];
    if (value !== undefined) headers[name] = typeof value === 'string' ? value : value.join(', ');
  }
  const queryStart = incoming.url.indexOf('?');
  return {
    method: incoming.method,
    path: queryStart === -1 ? incoming.url : incoming.url.slice(0, queryStart),
    params: plainRecord(incoming.params),
    query: plainRecord(incoming.query),
    headers,
    // No body reads as "", so the Nexa docs' `requires: request.body != ""` means what it says.
    body: incoming.body ?? '',
  };
}

/**
 * Path parameters of a typed route (`/users/{id: int}`) as their values: the router only
 * matched text that fits the type, so the conversion cannot fail.
 */
export function withTypedParams(value: RequestValue, parameterTypes: Readonly<Record<string, string>>): RequestValue {
  const params = { ...value.params };
  for (const [name, type] of Object.entries(parameterTypes)) {
    const text = params[name];
    if (typeof text !== 'string') continue;
    params[name] = type === 'bool' ? text === 'true' : Number(text);
  }
  return { ...value, params };
}

/** A body refused before any handler runs: the answer is a 400 with this code. */
export class UnreadableBody extends Error {
  readonly statusCode = 400;
  readonly code = 'body_too_deep';
}

const OPENERS = new Set(['[', '{']);
const CLOSERS = new Set([']', '}']);

/** Whether JSON `text` nests arrays and objects more than `maxLevels` deep (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, maxLevels: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (OPENERS.has(char)) {
      if (++depth > maxLevels) return true;
    } else if (CLOSERS.has(char)) depth--;
  }
  return false;
}

/**
 * A body as the handler sees it: parsed JSON when it is JSON, else the text ("" when empty).
 * JSON nested deeper than JSON_BODY_MAX_NESTING_LEVELS throws UnreadableBody before it is parsed.
 */
export function parseBody(text: string): unknown {
  if (text === '') return '';
  const first = text.trimStart()[0];
  if (first !== undefined && OPENERS.has(first) && nestsDeeperThan(text, JSON_BODY_MAX_NESTING_LEVELS)) {
    throw new UnreadableBody(`the JSON body nests deeper than ${JSON_BODY_MAX_NESTING_LEVELS} levels`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the handler gets the text as it came.
    return text;
  }
}

/**
 * What a route handler's value means on the wire. A dict of only `status` (a whole number
 * 100–599), `headers` and `body` is a response; anything else is the body of a 200 response,
 * written as JSON. `json(value[, status])` and `html(text[, status])` — the builtins of the
 * Nexa server examples — make responses with their content type set.
 */
import { fail } from '../core/script-error.js';
import { describe, display, isDict } from '../core/values.js';
import { jsonReady } from '../std/json.js';

const RESPONSE_KEYS: ReadonlySet<string> = new Set(['status', 'headers', 'body']);
const OK = 200;
const LOWEST_STATUS = 100;
const HIGHEST_STATUS = 599;

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export interface WireResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Text or bytes to send as they are. */
  readonly payload: string;
}

function isStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= LOWEST_STATUS && value <= HIGHEST_STATUS;
}

/** Whether a handler's value is a response rather than data to send as JSON. */
export function isResponse(value: unknown): value is Record<string, unknown> {
  return isDict(value) && isStatus(value['status']) && Object.keys(value).every((key) => RESPONSE_KEYS.has(key));
}

function statusArgument(status: unknown, builtin: string): number {
  if (status === undefined || status === null) return OK;
  return isStatus(status) ? status : fail(`the status of ${builtin}(...) is a whole number from 100 to 599, got ${describe(status)}`);
}

/** The builtins `json` and `html`. */
export const RESPONSE_BUILTINS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  json: (value, status) => ({ status: statusArgument(status, 'json'), headers: { 'content-type': JSON_CONTENT_TYPE }, body: value ?? null }),
  html: (text, status) => ({ status: statusArgument(status, 'html'), headers: { 'content-type': HTML_CONTENT_TYPE }, body: display(text ?? '') }),
};

function headerFields(headers: unknown): Record<string, string> {
  if (headers === undefined || headers === null) return {};
  if (!isDict(headers)) return fail(`the headers of a response are a dict, got ${describe(headers)}`);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), display(value)]));
}

/** A handler's value as status, headers and payload. */
export function toWire(value: unknown): WireResponse {
  if (!isResponse(value)) return { status: OK, headers: { 'content-type': JSON_CONTENT_TYPE }, payload: JSON.stringify(jsonReady(value)) };
  const headers = headerFields(value['headers']);
  const body = value['body'];
  if (typeof body === 'string') return { status: value['status'] as number, headers: { 'content-type': TEXT_CONTENT_TYPE, ...headers }, payload: body };
  if (body === undefined || body === null) return { status: value['status'] as number, headers, payload: '' };
  return { status: value['status'] as number, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, payload: JSON.stringify(jsonReady(body)) };
}

/** The JSON body of an error answer: `{"error": {"code": "EC01", "message": "..."}}`. */
export function errorBody(code: string, message: string, extra: Readonly<Record<string, unknown>> = {}): string {
  return JSON.stringify({ error: { code, message, ...extra } });
}

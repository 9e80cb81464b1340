/**
 * `std.http`: GET, POST, PUT and DELETE with node's fetch, for flows and (through `uses
 * std.http`) for agents. The answer is the response body as text, so a flow can hand it to
 * `std.json.parse` and a model reads it as it is. A request that cannot be made, takes longer
 * than the timeout, answers with an HTTP error status or sends more than the size cap is an
 * E102: the model sees it as a structured tool error, a flow can catch it.
 */
import { LoomError } from '../../errors.js';
import { operationSignal } from '../infra/tool-signal.js';
import { describe, display, isDict } from '../core/values.js';
import type { StdNamespace } from './namespace.js';

export const HTTP_TIMEOUT_MS = 30_000;
/** Bodies beyond this are refused rather than cut, since a cut JSON or HTML body misleads. */
export const HTTP_RESPONSE_LIMIT_BYTES = 1_048_576;
const FIRST_ERROR_STATUS = 400;
const BYTES_PER_KIB = 1024;
const MS_PER_SECOND = 1000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function httpError(method: Method, url: string, problem: string, cause?: unknown): LoomError {
  return new LoomError('E102', `std.http ${method} ${url}: ${problem}`, undefined, cause === undefined ? undefined : { cause });
}

function targetUrl(method: Method, url: unknown): string {
  if (typeof url !== 'string') throw httpError(method, display(url), `the URL must be a string, got ${describe(url)}`);
  if (!/^https?:\/\//i.test(url)) throw httpError(method, url, 'only http:// and https:// URLs can be requested');
  return url;
}

function headersOf(method: Method, url: string, headers: unknown): Record<string, string> {
  if (headers === undefined || headers === null) return {};
  if (!isDict(headers)) throw httpError(method, url, `headers must be a dict, got ${describe(headers)}`);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, display(value)]));
}

/** Text goes as it is; any other value as JSON, announced by its content type. */
function bodyOf(data: unknown, headers: Record<string, string>): string | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data === 'string') return data;
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  return JSON.stringify(data);
}

async function readCapped(method: Method, url: string, response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  const tooLarge = (): LoomError => httpError(method, url, `the response is larger than ${HTTP_RESPONSE_LIMIT_BYTES / BYTES_PER_KIB} KiB`);
  if (declared > HTTP_RESPONSE_LIMIT_BYTES) throw tooLarge();
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of response.body) {
    received += chunk.byteLength;
    if (received > HTTP_RESPONSE_LIMIT_BYTES) {
      await response.body.cancel();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function request(method: Method, url: unknown, data: unknown, headers: unknown): Promise<string> {
  const target = targetUrl(method, url);
  const sent = headersOf(method, target, headers);
  const body = bodyOf(data, sent);
  const signal = operationSignal(HTTP_TIMEOUT_MS);
  try {
    const response = await fetch(target, { method, headers: sent, body, signal });
    const text = await readCapped(method, target, response);
    if (response.status >= FIRST_ERROR_STATUS) throw httpError(method, target, `answered HTTP ${response.status}`);
    return text;
  } catch (error) {
    if (error instanceof LoomError) throw error;
    const timedOut = signal.aborted && signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
    if (timedOut) throw httpError(method, target, `no answer within ${HTTP_TIMEOUT_MS / MS_PER_SECOND} s`, error);
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw httpError(method, target, reason, error);
  }
}

const get = (url: unknown, headers?: unknown): Promise<string> => request('GET', url, undefined, headers);
const post = (url: unknown, data?: unknown, headers?: unknown): Promise<string> => request('POST', url, data, headers);
const put = (url: unknown, data?: unknown, headers?: unknown): Promise<string> => request('PUT', url, data, headers);
const remove = (url: unknown, headers?: unknown): Promise<string> => request('DELETE', url, undefined, headers);

/** The names of the Nexa standard library reference: `get` and `http_get` alike. */
export const http = { get, post, put, delete: remove, http_get: get, http_post: post, http_put: put, http_delete: remove };

export const httpNamespace: StdNamespace<'http'> = {
  create: () => http,
  tools: {
    get: { description: 'HTTP GET a URL; returns the response body as text', parameters: { url: 'string' } },
    post: { description: 'HTTP POST data (text, or any value sent as JSON) to a URL; returns the response body', parameters: { url: 'string', data: 'any' } },
    put: { description: 'HTTP PUT data (text, or any value sent as JSON) to a URL; returns the response body', parameters: { url: 'string', data: 'any' } },
    delete: { description: 'HTTP DELETE a URL; returns the response body', parameters: { url: 'string' } },
  },
};

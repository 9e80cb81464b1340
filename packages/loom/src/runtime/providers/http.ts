/**
 * The one HTTP path every provider uses: a JSON POST over node:http(s) with keep-alive
 * connections (a fresh TLS handshake per agent call would dwarf the call's own overhead),
 * cancellation through an AbortSignal, and errors sorted into retryable or not.
 */
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';

/** Enough of a provider's error body to say what went wrong, short enough for one line. */
const ERROR_DETAIL_MAX_CHARS = 300;
const HTTP_TOO_MANY_REQUESTS = 429;
const HTTP_SERVER_ERROR_MIN = 500;
/** Shorter header values (versions, content types) are not credentials and would mask common words. */
const MIN_REDACTED_LENGTH = 8;

interface Transport {
  readonly request: (url: URL, options: RequestOptions) => ClientRequest;
  readonly agent: Agent;
}

let transports: Promise<{ readonly http: Transport; readonly https: Transport }> | undefined;

/**
 * node:http and node:https with their keep-alive agents, loaded at the first provider call:
 * with TLS they are some thirty of Node's internal modules, a few milliseconds of the
 * start-up of every program, most of which call no model.
 */
function loadTransports(): Promise<{ readonly http: Transport; readonly https: Transport }> {
  transports ??= Promise.all([import('node:http'), import('node:https')]).then(([http, https]) => ({
    http: { request: http.request, agent: new http.Agent({ keepAlive: true }) },
    https: { request: https.request, agent: new https.Agent({ keepAlive: true }) },
  }));
  return transports;
}

/** A failed provider call. Only rate limits, server errors and lost connections are worth retrying. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    /** How long the provider asked to wait before trying again (`Retry-After`), if it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** No answer came within the call's time limit: retryable, and a TimeoutError to `catch_correction`. */
export class ProviderTimeout extends ProviderError {
  constructor(message: string) {
    super(message, undefined, true);
  }
}

const MS_PER_SECOND = 1000;

/** `Retry-After` is either a number of seconds or an HTTP date. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * MS_PER_SECOND);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function isRetryableStatus(status: number): boolean {
  return status === HTTP_TOO_MANY_REQUESTS || status >= HTTP_SERVER_ERROR_MIN;
}

/** POSTs `body` as JSON and resolves with the response once its status is known to be 2xx. */
export async function postJson(url: URL, headers: Readonly<Record<string, string>>, body: unknown, signal?: AbortSignal): Promise<IncomingMessage> {
  const payload = Buffer.from(JSON.stringify(body));
  const { http, https } = await loadTransports();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolvePromise, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = transport.request(url, {
      method: 'POST',
      agent: transport.agent,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
      signal,
    });
    request.on('error', (error) => {
      reject(signal?.aborted ? signal.reason : new ProviderError(`cannot reach ${url.origin}: ${error.message}`, undefined, true));
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        resolvePromise(response);
        return;
      }
      readText(response).then(
        (text) => {
          const message = `${url.origin} answered HTTP ${status}${redact(errorDetail(text), headers)}`;
          reject(new ProviderError(message, status, isRetryableStatus(status), retryAfterMs(response.headers['retry-after'])));
        },
        reject,
      );
    });
    request.end(payload);
  });
}

/**
 * Some providers quote the rejected key in their error message; errors end up in traces and
 * reports, so every credential the request carried (a header value, or its token after
 * `Bearer`) is masked.
 */
function redact(text: string, headers: Readonly<Record<string, string>>): string {
  const credentials = Object.values(headers).flatMap((value) => [value, value.split(' ').at(-1) ?? value]);
  return credentials.filter((credential) => credential.length >= MIN_REDACTED_LENGTH).reduce((masked, credential) => masked.split(credential).join('***'), text);
}

/** The provider's own error message if the body has one (`{"error": {"message": ...}}`). */
function errorDetail(text: string): string {
  let detail = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof candidate === 'string') detail = candidate;
  } catch {
    // not JSON: the text itself is the detail
  }
  detail = detail.trim().replace(/\s+/g, ' ');
  if (detail === '') return '';
  return `: ${detail.length > ERROR_DETAIL_MAX_CHARS ? `${detail.slice(0, ERROR_DETAIL_MAX_CHARS)}…` : detail}`;
}

export async function readText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(response: IncomingMessage, provider: string): Promise<unknown> {
  const text = await readText(response);
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(`${provider} sent a reply that is not JSON`, response.statusCode, false);
  }
}

/** The response body split into lines (LF or CRLF), decoded as UTF-8 across chunk boundaries. */
export async function* readLines(response: IncomingMessage): AsyncGenerator<string> {
  response.setEncoding('utf8');
  let pending = '';
  for await (const chunk of response) {
    pending += chunk as string;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      yield pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  }
  if (pending !== '') yield pending;
}

/** The `data:` payloads of a server-sent event stream, one per event, up to `[DONE]`. */
export async function* readServerSentData(response: IncomingMessage): AsyncGenerator<string> {
  let data: string[] = [];
  for await (const line of readLines(response)) {
    if (line === '') {
      if (data.length > 0) {
        const payload = data.join('\n');
        data = [];
        if (payload === '[DONE]') return;
        yield payload;
      }
    } else if (line.startsWith('data:')) {
      data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
  }
  if (data.length > 0 && data.join('\n') !== '[DONE]') yield data.join('\n');
}

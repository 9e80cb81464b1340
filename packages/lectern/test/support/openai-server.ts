import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1, scripted per test. It speaks
 * the streaming protocol (`data: {chunk}` events, a final finish_reason, `data: [DONE]`) and
 * can misbehave in every way a provider does, so the client is tested over real sockets.
 */

/** A well-formed streamed answer, optionally cut short or slowed down. */
export interface StreamReply {
  kind: 'stream';
  /** Content deltas, each sent as its own event. */
  deltas: string[];
  /** `reasoning_content` deltas sent before the content ("thinking" models). */
  reasoning?: string[];
  /** Wait between the response head and the first event. */
  firstTokenDelayMs?: number;
  /** Wait before every later event. */
  deltaDelayMs?: number;
  /** finish_reason of the closing chunk; null sends no closing chunk. Default 'stop'. */
  finishReason?: string | null;
  /** Send `data: [DONE]` at the end. Default true. */
  endMarker?: boolean;
  /** Destroy the socket right after this many content deltas (a connection dropped mid-answer). */
  closeAfterDeltas?: number;
  /** Default '\n'. */
  lineEnding?: '\n' | '\r\n';
  /** Send a `: ping` comment before every event, as proxies and some providers do. */
  keepalive?: boolean;
}

/** A non-streamed answer: an error status, a redirect (status 3xx + location), a plain JSON body. */
export interface StatusReply {
  kind: 'status';
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** Never answers: the connection stays open until the client gives up. */
export interface HangReply {
  kind: 'hang';
}

/** Exactly these body chunks after a 200 head, for malformed or oddly split streams. */
export interface RawReply {
  kind: 'raw';
  chunks: (string | Uint8Array)[];
  /** Wait before each chunk so they arrive as separate reads. Default 0. */
  chunkDelayMs?: number;
  /** Default 'text/event-stream'. */
  contentType?: string;
}

export type ProviderReply = StreamReply | StatusReply | HangReply | RawReply;

/** How an exchange ended, seen from the server. */
export type ExchangeOutcome = 'completed' | 'client_closed' | 'server_closed';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** Settles when the exchange ends; 'client_closed' means the client left before the reply was complete. */
  outcome: Promise<ExchangeOutcome>;
}

/** Splits text into at most `count` deltas of equal length, never cutting a character in two. */
export function splitIntoDeltas(text: string, count: number): string[] {
  const characters = Array.from(text);
  const size = Math.ceil(characters.length / count);
  const deltas: string[] = [];
  for (let start = 0; start < characters.length; start += size) deltas.push(characters.slice(start, start + size).join(''));
  return deltas;
}

const COMPLETIONS_PATH = '/v1/chat/completions';
const DEFAULT_REPLY: StreamReply = { kind: 'stream', deltas: ['Hello', ' from the', ' fake provider.'] };

export class FakeOpenAiServer {
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  #standingReply: ProviderReply = DEFAULT_REPLY;
  readonly #queuedReplies: ProviderReply[] = [];
  readonly #requestWaiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    /** `http://127.0.0.1:<port>/v1`, what a user would enter as the base URL. */
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakeOpenAiServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeOpenAiServer(server, `http://127.0.0.1:${port}/v1`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void fake.#handle(request, response));
    return fake;
  }

  /** The reply for every later request (after any queued one-off replies). */
  respondWith(reply: ProviderReply): void {
    this.#standingReply = reply;
  }

  /** Replies for the next requests, one each, before the standing reply applies again. */
  respondOnceWith(...replies: ProviderReply[]): void {
    this.#queuedReplies.push(...replies);
  }

  /** Resolves once `count` requests in total have arrived. */
  async waitForRequests(count: number): Promise<RecordedRequest[]> {
    while (this.requests.length < count) {
      await new Promise<void>((resolve) => this.#requestWaiters.push(resolve));
    }
    return this.requests.slice(0, count);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const closing = new AbortController();
    const exchange: Exchange = { response, closed: closing.signal, cutByServer: false };
    const outcome = new Promise<ExchangeOutcome>((resolve) => {
      response.once('close', () => {
        closing.abort();
        resolve(response.writableFinished ? 'completed' : exchange.cutByServer ? 'server_closed' : 'client_closed');
      });
    });
    try {
      const recorded = await this.#record(request, outcome);
      if (recorded.method !== 'POST' || recorded.path !== COMPLETIONS_PATH) {
        sendJson(response, 404, { error: { message: 'Unknown route', type: 'invalid_request_error' } });
        return;
      }
      const reply = this.#queuedReplies.shift() ?? this.#standingReply;
      await send(reply, exchange, requestedModel(recorded.body));
    } catch {
      // The client went away mid-exchange (a failed read or write, an aborted wait); `outcome` says so.
    }
  }

  async #record(request: IncomingMessage, outcome: Promise<ExchangeOutcome>): Promise<RecordedRequest> {
    let text = '';
    request.setEncoding('utf8');
    for await (const chunk of request as AsyncIterable<string>) text += chunk;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: a test may want to see what malformed body was sent.
    }
    const recorded: RecordedRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, outcome };
    this.requests.push(recorded);
    for (const wake of this.#requestWaiters.splice(0)) wake();
    return recorded;
  }
}

/** One request being answered; `cutByServer` tells a deliberate drop from the client leaving. */
interface Exchange {
  response: ServerResponse;
  /** Aborts when the connection closes, ending the reply's pending waits so no timer outlives it. */
  closed: AbortSignal;
  cutByServer: boolean;
}

function requestedModel(body: unknown): string {
  const model = typeof body === 'object' && body !== null ? (body as { model?: unknown }).model : undefined;
  return typeof model === 'string' ? model : 'fake-model';
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function send(reply: ProviderReply, exchange: Exchange, model: string): Promise<void> {
  const { response } = exchange;
  switch (reply.kind) {
    case 'hang':
      return;
    case 'status':
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body ?? '');
      return;
    case 'raw':
      response.writeHead(200, { 'content-type': reply.contentType ?? 'text/event-stream' });
      for (const chunk of reply.chunks) {
        if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs, undefined, { signal: exchange.closed });
        await write(response, chunk);
      }
      response.end();
      return;
    case 'stream':
      await sendStream(reply, exchange, model);
      return;
  }
}

async function sendStream(reply: StreamReply, exchange: Exchange, model: string): Promise<void> {
  const { response } = exchange;
  const lineEnding = reply.lineEnding ?? '\n';
  const created = Math.floor(Date.now() / 1000);
  const event = async (data: string, delayMs: number): Promise<void> => {
    if (delayMs > 0) await sleep(delayMs, undefined, { signal: exchange.closed });
    const ping = reply.keepalive ? `: ping${lineEnding}${lineEnding}` : '';
    await write(response, `${ping}data: ${data}${lineEnding}${lineEnding}`);
  };
  const chunk = (delta: Record<string, string>, finishReason: string | null): string =>
    JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });

  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.flushHeaders();
  const deltaDelayMs = reply.deltaDelayMs ?? 0;
  let delayMs = reply.firstTokenDelayMs ?? 0;
  for (const reasoning of reply.reasoning ?? []) {
    await event(chunk({ role: 'assistant', reasoning_content: reasoning }, null), delayMs);
    delayMs = deltaDelayMs;
  }
  for (const [index, content] of reply.deltas.entries()) {
    await event(chunk({ role: 'assistant', content }, null), delayMs);
    delayMs = deltaDelayMs;
    if (index + 1 === reply.closeAfterDeltas) {
      exchange.cutByServer = true;
      response.socket?.destroy();
      return;
    }
  }
  const finishReason = reply.finishReason === undefined ? 'stop' : reply.finishReason;
  if (finishReason !== null) await event(chunk({}, finishReason), delayMs);
  if (reply.endMarker ?? true) await event('[DONE]', 0);
  response.end();
}

/**
 * Writes one chunk and waits until it is handed to the kernel: a reply cut right after it
 * really delivers it, and an enormous reply stalls (and then sees the close) once the client
 * stops reading.
 */
function write(response: ServerResponse, chunk: string | Uint8Array): Promise<void> {
  if (response.destroyed) return Promise.reject(new Error('client closed the connection'));
  return new Promise<void>((resolve, reject) => {
    const onClose = (): void => reject(new Error('client closed the connection'));
    response.once('close', onClose);
    response.write(chunk, (error) => {
      response.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}

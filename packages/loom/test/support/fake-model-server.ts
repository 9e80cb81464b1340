/**
 * A local model server for Loom's tests, speaking just enough of three wire formats:
 * OpenAI chat completions (`POST /v1/chat/completions`), Anthropic messages (`POST /v1/messages`)
 * and Ollama chat (`POST /api/chat`), each with or without streaming. Replies are scripted per
 * request (text, tool calls, HTTP status, delay) and every request is recorded.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedToolCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

export interface ScriptedReply {
  readonly text?: string;
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Answer with this HTTP status and an error body instead of a reply. */
  readonly status?: number;
  /** Sent as the `Retry-After` header of a `status` reply. */
  readonly retryAfterSeconds?: number;
  /** The error message of a `status` reply (default: `scripted status N`). */
  readonly errorMessage?: string;
  /** Wait this long before answering (the client's timeout may fire first). */
  readonly delayMs?: number;
  /** OpenAI streams only: send the first text piece, then hold the rest back this long. */
  readonly stallAfterFirstPieceMs?: number;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

export type WireFormat = 'openai' | 'anthropic' | 'ollama';

export interface RecordedRequest {
  readonly format: WireFormat;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
}

export type Responder = (request: RecordedRequest) => ScriptedReply;

const ROUTES: Readonly<Record<string, WireFormat>> = {
  '/v1/chat/completions': 'openai',
  '/v1/messages': 'anthropic',
  '/api/chat': 'ollama',
};

const DEFAULT_INPUT_TOKENS = 7;
const DEFAULT_OUTPUT_TOKENS = 3;

export interface FakeModelServer {
  /** `http://127.0.0.1:PORT`; OpenAI-compatible clients use `${url}/v1`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Replies used one per request, in order, before the responder. */
  enqueue(...replies: ScriptedReply[]): void;
  respondWith(responder: Responder): void;
  /** Forgets recorded requests and queued replies and answers `ok` again, as when started. */
  reset(): void;
  close(): Promise<void>;
}

const defaultResponder: Responder = () => ({ text: 'ok' });

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  let responder: Responder = defaultResponder;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const format = ROUTES[incoming.url ?? ''];
      if (format === undefined || incoming.method !== 'POST') {
        outgoing.writeHead(404).end();
        return;
      }
      const recorded: RecordedRequest = { format, path: incoming.url ?? '', headers: incoming.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> };
      requests.push(recorded);
      const reply = queue.shift() ?? responder(recorded);
      const send = (): void => {
        if (!outgoing.destroyed) answer(format, recorded.body, reply, outgoing);
      };
      if (reply.delayMs === undefined) {
        send();
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, reply.delayMs);
      timers.add(timer);
      outgoing.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
    });
  });
  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    respondWith: (next) => {
      responder = next;
    },
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      responder = defaultResponder;
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolvePromise) => server.close(() => resolvePromise()));
    },
  };
}

function answer(format: WireFormat, body: Record<string, unknown>, reply: ScriptedReply, outgoing: ServerResponse): void {
  if (reply.status !== undefined && reply.status >= 400) {
    const retryAfter = reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) };
    outgoing.writeHead(reply.status, { 'content-type': 'application/json', ...retryAfter }).end(JSON.stringify({ error: { message: reply.errorMessage ?? `scripted status ${reply.status}` } }));
    return;
  }
  const stream = body.stream === true;
  if (format === 'openai') (stream ? openAiStream : openAiReply)(reply, outgoing);
  else if (format === 'anthropic') (stream ? anthropicStream : anthropicReply)(reply, outgoing);
  else (stream ? ollamaStream : ollamaReply)(reply, outgoing);
}

const inputTokens = (reply: ScriptedReply): number => reply.inputTokens ?? DEFAULT_INPUT_TOKENS;
const outputTokens = (reply: ScriptedReply): number => reply.outputTokens ?? DEFAULT_OUTPUT_TOKENS;

/** Streams split the text in two pieces so clients must join deltas. */
function halves(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)].filter((piece) => piece !== '');
}

function sendJson(outgoing: ServerResponse, value: unknown): void {
  outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function sendEvents(outgoing: ServerResponse, events: readonly unknown[], done: boolean): void {
  outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events) outgoing.write(`data: ${JSON.stringify(event)}\n\n`);
  outgoing.end(done ? 'data: [DONE]\n\n' : '');
}

function openAiToolCalls(reply: ScriptedReply): unknown[] {
  return (reply.toolCalls ?? []).map((call, index) => ({ id: `call_${index}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }));
}

function openAiReply(reply: ScriptedReply, outgoing: ServerResponse): void {
  const toolCalls = openAiToolCalls(reply);
  sendJson(outgoing, {
    choices: [{ index: 0, message: { role: 'assistant', content: reply.text ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) } }],
    usage: { prompt_tokens: inputTokens(reply), completion_tokens: outputTokens(reply) },
  });
}

function openAiStream(reply: ScriptedReply, outgoing: ServerResponse): void {
  if (reply.stallAfterFirstPieceMs !== undefined) {
    const [first, ...rest] = halves(reply.text ?? '');
    outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
    outgoing.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: first } }] })}\n\n`);
    const timer = setTimeout(() => openAiStreamRest(rest, outgoing), reply.stallAfterFirstPieceMs);
    outgoing.on('close', () => clearTimeout(timer));
    return;
  }
  const events: unknown[] = halves(reply.text ?? '').map((piece) => ({ choices: [{ index: 0, delta: { content: piece } }] }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    events.push({ choices: [{ index: 0, delta: { tool_calls: [{ index, id: `call_${index}`, function: { name: call.name, arguments: '' } }] } }] });
    events.push({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: JSON.stringify(call.arguments) } }] } }] });
  });
  events.push({ choices: [], usage: { prompt_tokens: inputTokens(reply), completion_tokens: outputTokens(reply) } });
  sendEvents(outgoing, events, true);
}

function openAiStreamRest(pieces: readonly string[], outgoing: ServerResponse): void {
  for (const piece of pieces) outgoing.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
  outgoing.end('data: [DONE]\n\n');
}

function anthropicReply(reply: ScriptedReply, outgoing: ServerResponse): void {
  const content: unknown[] = reply.text === undefined ? [] : [{ type: 'text', text: reply.text }];
  (reply.toolCalls ?? []).forEach((call, index) => content.push({ type: 'tool_use', id: `toolu_${index}`, name: call.name, input: call.arguments }));
  sendJson(outgoing, { type: 'message', role: 'assistant', content, usage: { input_tokens: inputTokens(reply), output_tokens: outputTokens(reply) } });
}

function anthropicStream(reply: ScriptedReply, outgoing: ServerResponse): void {
  const events: unknown[] = [{ type: 'message_start', message: { usage: { input_tokens: inputTokens(reply) } } }];
  events.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  for (const piece of halves(reply.text ?? '')) events.push({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
  (reply.toolCalls ?? []).forEach((call, offset) => {
    const index = offset + 1;
    events.push({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${offset}`, name: call.name, input: {} } });
    events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.arguments) } });
  });
  events.push({ type: 'message_delta', usage: { output_tokens: outputTokens(reply) } }, { type: 'message_stop' });
  sendEvents(outgoing, events, false);
}

function ollamaToolCalls(reply: ScriptedReply): unknown[] {
  return (reply.toolCalls ?? []).map((call) => ({ function: { name: call.name, arguments: call.arguments } }));
}

function ollamaReply(reply: ScriptedReply, outgoing: ServerResponse): void {
  const toolCalls = ollamaToolCalls(reply);
  sendJson(outgoing, {
    message: { role: 'assistant', content: reply.text ?? '', ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
    done: true,
    prompt_eval_count: inputTokens(reply),
    eval_count: outputTokens(reply),
  });
}

function ollamaStream(reply: ScriptedReply, outgoing: ServerResponse): void {
  outgoing.writeHead(200, { 'content-type': 'application/x-ndjson' });
  for (const piece of halves(reply.text ?? '')) outgoing.write(`${JSON.stringify({ message: { role: 'assistant', content: piece }, done: false })}\n`);
  const toolCalls = ollamaToolCalls(reply);
  const last = { message: { role: 'assistant', content: '', ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }, done: true, prompt_eval_count: inputTokens(reply), eval_count: outputTokens(reply) };
  outgoing.end(`${JSON.stringify(last)}\n`);
}

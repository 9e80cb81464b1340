import type { IncomingMessage } from 'node:http';
import { provider } from '../../config.js';
import { version } from '../../version.js';
import { isLoopbackUrl } from '../../platform/endpoint-url.js';
import { parseCompletionChunk } from './completion-chunk.js';
import { GuardedExchange } from './guarded-exchange.js';
import { ProviderError, errorForStatus } from './provider-error.js';
import { SseDecoder } from './sse.js';
import { codePointCount } from '../text/surrogates.js';
import type { ChatMessage } from '../context/build.js';

export { ProviderError } from './provider-error.js';
export type { ProviderErrorCode } from '../../platform/errors.js';

export const CONNECT_TIMEOUT_MS = provider.connectTimeoutMs;
export const MAX_ANSWER_CHARS = provider.answerMaxChars;
const COMPLETIONS_PATH = '/chat/completions';
const END_OF_STREAM = '[DONE]';

export interface ChatRequest {
  /** Already validated and normalised by `normaliseBaseUrl` (no trailing slash). */
  baseUrl: string;
  /** null sends no Authorization header, which only a loopback provider may receive. */
  apiKey: string | null;
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  /** One overall deadline for the whole call, connecting through the last byte. */
  timeoutMs: number;
  /** Cancellation by the user: the call stops promptly and throws the signal's reason. */
  signal: AbortSignal;
}

/**
 * Streams one chat completion from an OpenAI-compatible provider and yields the answer's
 * content deltas in order. Fails with a ProviderError whose code is the contract's, or with
 * the signal's reason when cancelled; a call is made exactly once (no retries, no redirects).
 * Leaving the loop early closes the connection.
 */
export async function* streamChat(request: ChatRequest): AsyncGenerator<string> {
  const url = new URL(request.baseUrl + COMPLETIONS_PATH);
  // Settings already refuse such a URL; checked again here because this is where a key would leave in clear text.
  if (url.protocol !== 'https:' && !isLoopbackUrl(url)) {
    throw new ProviderError('connection_failed', 'Plain http:// is allowed only for a provider on this machine; use https://');
  }
  if (request.apiKey === null && !isLoopbackUrl(url)) {
    throw new ProviderError('missing_key', 'No API key is stored for this provider (credential "llm")');
  }
  request.signal.throwIfAborted();

  const body = JSON.stringify({ model: request.model, messages: request.messages, max_tokens: request.maxTokens, stream: true });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    // Some gateways turn away requests that carry no user agent at all.
    'user-agent': `Lectern/${version}`,
    'content-length': String(Buffer.byteLength(body)),
  };
  if (request.apiKey !== null) headers.authorization = `Bearer ${request.apiKey}`;

  const exchange = new GuardedExchange({
    url,
    headers,
    body,
    signal: request.signal,
    timeoutMs: request.timeoutMs,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
  });
  try {
    const response = await exchange.response;
    const refusal = errorForStatus(response.statusCode ?? 0);
    if (refusal !== null) throw refusal;
    yield* readAnswer(response, exchange);
  } catch (error) {
    throw exchange.explain(error);
  } finally {
    exchange.close();
  }
}

/** Yields content from the event stream until `[DONE]` or its end, then judges whether the answer is whole. */
async function* readAnswer(response: IncomingMessage, exchange: GuardedExchange): AsyncGenerator<string> {
  const events = new SseDecoder();
  let bytesRead = 0;
  let eventCount = 0;
  let answerChars = 0;
  let finishReason: string | null = null;
  let sawReasoning = false;
  let sawEndMarker = false;

  reading: for await (const chunk of response as AsyncIterable<Buffer>) {
    bytesRead += chunk.length;
    const payloads = events.push(chunk);
    if (bytesRead > provider.responseMaxBytes || events.bufferedChars > provider.eventMaxChars) {
      throw new ProviderError('response_too_large', 'The provider sent far more data than an answer can hold; reading stopped');
    }
    for (const payload of payloads) {
      eventCount++;
      if (payload === END_OF_STREAM) {
        sawEndMarker = true;
        break reading;
      }
      const delta = parseCompletionChunk(payload);
      finishReason ??= delta.finishReason;
      sawReasoning ||= delta.hasReasoning;
      if (delta.content === '') continue;
      answerChars += codePointCount(delta.content);
      if (answerChars > MAX_ANSWER_CHARS) {
        throw new ProviderError('response_too_large', `The answer is longer than ${MAX_ANSWER_CHARS} characters; reading stopped`);
      }
      yield delta.content;
      exchange.throwIfInterrupted();
    }
  }

  if (eventCount === 0) {
    throw new ProviderError('invalid_response', 'The provider did not answer with a chat completion event stream');
  }
  // The contract's rule is "finish reason ≠ stop → incomplete_response": a missing finish reason
  // is not stop, even when [DONE] follows, since a cut-off summary would otherwise become a note.
  if (finishReason === null) {
    throw new ProviderError(
      'incomplete_response',
      sawEndMarker
        ? 'The provider ended the answer stream without saying the answer was finished'
        : 'The answer stream ended before the provider said it was finished',
    );
  }
  if (finishReason !== 'stop') {
    const why = finishReason === 'length' ? 'it reached the token limit' : `the provider ended it (${printable(finishReason)})`;
    throw new ProviderError('incomplete_response', `The answer was cut off because ${why}`);
  }
  if (answerChars === 0) {
    throw new ProviderError(
      'incomplete_response',
      sawReasoning ? 'The model only produced reasoning and no answer' : 'The provider returned an empty answer',
    );
  }
}

/** A finish reason is the provider's word; keep it short and plain before putting it in a message. */
function printable(reason: string): string {
  return reason.replace(/[^\w.-]/g, '').slice(0, 40);
}

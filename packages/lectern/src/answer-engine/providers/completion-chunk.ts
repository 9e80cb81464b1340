import { ProviderError } from './provider-error.js';

/** What one `chat.completion.chunk` event says about the first choice. */
export interface CompletionChunk {
  /** Answer text added by this chunk ('' when none). */
  content: string;
  /** Set on the chunk that ends the choice: 'stop', 'length', 'content_filter', ... */
  finishReason: string | null;
  /** The chunk carried reasoning ("thinking") text, which is never part of the answer. */
  hasReasoning: boolean;
}

const malformed = (): ProviderError =>
  new ProviderError('invalid_response', 'The provider sent a streaming event that is not a chat completion chunk');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

/**
 * Reads one event payload (JSON) of an OpenAI-style chat stream. Chunks without choices (usage
 * reports) are empty, not malformed; an `error` object mid-stream is the provider giving up.
 */
export function parseCompletionChunk(payload: string): CompletionChunk {
  let chunk: unknown;
  try {
    chunk = JSON.parse(payload);
  } catch {
    throw malformed();
  }
  if (!isRecord(chunk)) throw malformed();
  if (chunk.error !== undefined && chunk.error !== null) {
    throw new ProviderError('provider_unavailable', 'The provider reported an error in the middle of the answer');
  }
  const choices = chunk.choices ?? [];
  if (!Array.isArray(choices)) throw malformed();
  const choice: unknown = choices.find((candidate) => !isRecord(candidate) || (candidate.index ?? 0) === 0);
  if (choice === undefined) return { content: '', finishReason: null, hasReasoning: false };
  if (!isRecord(choice)) throw malformed();

  const delta = choice.delta ?? {};
  if (!isRecord(delta)) throw malformed();
  const content = delta.content ?? '';
  const finishReason = choice.finish_reason ?? null;
  if (typeof content !== 'string' || (finishReason !== null && typeof finishReason !== 'string')) throw malformed();
  // Providers disagree on the field name: `reasoning_content` (DeepSeek, vLLM), `reasoning` (OpenRouter, Ollama).
  const hasReasoning = isNonEmptyString(delta.reasoning_content) || isNonEmptyString(delta.reasoning);
  return { content, finishReason, hasReasoning };
}

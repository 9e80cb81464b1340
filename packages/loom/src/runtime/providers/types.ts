/**
 * What every model provider client speaks: one chat request in, one answer out. The agent
 * layer builds these neutral messages; each client translates them to its wire format.
 */
import type { ImageInput } from '../agents/image-input.js';

export interface ToolCall {
  /** The provider's id for the call, echoed back with the result. */
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them (JSON text); parsing is the tool layer's job. */
  readonly argumentsJson: string;
}

export type ChatMessage =
  | { readonly role: 'system'; readonly content: string }
  /** `images`: what `img(...)` read, sent beside the text to a vision model. */
  | { readonly role: 'user'; readonly content: string; readonly images?: readonly ImageInput[] }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls?: readonly ToolCall[] }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly name: string; readonly content: string };

/** A function the model may call, described by a JSON schema for its arguments. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

export type JsonSchema = { readonly [key: string]: unknown };

/** Structured output: the reply must be a JSON object following `schema`. */
export interface ResponseFormat {
  readonly name: string;
  readonly schema: JsonSchema;
}

export interface ChatRequest {
  /** The model name without its provider prefix (`gpt-4o`, not `openai/gpt-4o`). */
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolDefinition[];
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly responseFormat?: ResponseFormat;
  /**
   * `required`: the reply must call one of `tools` (an agent's `tool_call_strategy: "required"`).
   * Providers without the setting (Ollama) send none; the agent checks the reply instead.
   */
  readonly toolChoice?: 'required';
  /** Receive the answer incrementally; `onDelta` sees each text piece as it arrives. */
  readonly stream?: boolean;
  readonly onDelta?: (text: string) => void;
  readonly signal?: AbortSignal;
}

export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface ChatResponse {
  readonly text: string;
  readonly toolCalls: readonly ToolCall[];
  readonly usage: TokenUsage;
}

export interface ProviderClient {
  /** The provider name as written in `model: "<provider>/<model>"`. */
  readonly provider: string;
  chat(request: ChatRequest): Promise<ChatResponse>;
}

/**
 * The OpenAI chat-completions wire format, spoken by `openai`, `deepseek` and every provider
 * configured with only a `<PROVIDER>_BASE_URL`. Structured output uses `json_schema` where the
 * provider is OpenAI itself and the widely supported `json_object` mode elsewhere; the
 * protocol instruction in the prompt carries the field list either way.
 */
import type { IncomingMessage } from 'node:http';
import { postJson, ProviderError, readJson, readServerSentData } from './http.js';
import { functionTools } from './wire.js';
import type { ChatMessage, ChatRequest, ChatResponse, ProviderClient, ToolCall } from './types.js';

export interface OpenAiCompatibleOptions {
  readonly provider: string;
  /** Up to and including the version segment, e.g. `https://api.openai.com/v1`. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  /** Whether the endpoint understands `response_format: {type: "json_schema"}`. */
  readonly supportsJsonSchema: boolean;
}

interface WireToolCall {
  id?: string;
  index?: number;
  function?: { name?: string; arguments?: string };
}

interface WireChoice {
  message?: { content?: string | null; tool_calls?: WireToolCall[] };
  delta?: { content?: string | null; tool_calls?: WireToolCall[] };
}

interface WireReply {
  choices?: WireChoice[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

function wireMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'assistant':
      if (message.toolCalls === undefined || message.toolCalls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.argumentsJson } })),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'user':
      if (message.images === undefined) return { role: 'user', content: message.content };
      return {
        role: 'user',
        content: [
          ...(message.content === '' ? [] : [{ type: 'text', text: message.content }]),
          ...message.images.map((image) => ({ type: 'image_url', image_url: { url: image.dataUrl } })),
        ],
      };
    default:
      return { role: message.role, content: message.content };
  }
}

export function createOpenAiCompatibleClient(options: OpenAiCompatibleOptions): ProviderClient {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const headers: Record<string, string> = options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` };

  function body(request: ChatRequest): Record<string, unknown> {
    const wire: Record<string, unknown> = { model: request.model, messages: request.messages.map(wireMessage) };
    if (request.maxTokens !== undefined) wire.max_tokens = request.maxTokens;
    if (request.temperature !== undefined) wire.temperature = request.temperature;
    if (request.tools !== undefined && request.tools.length > 0) {
      wire.tools = functionTools(request.tools);
      if (request.toolChoice === 'required') wire.tool_choice = 'required';
    }
    if (request.responseFormat !== undefined) {
      wire.response_format = options.supportsJsonSchema
        ? { type: 'json_schema', json_schema: { name: request.responseFormat.name, schema: request.responseFormat.schema } }
        : { type: 'json_object' };
    }
    if (request.stream === true) {
      wire.stream = true;
      wire.stream_options = { include_usage: true };
    }
    return wire;
  }

  return {
    provider: options.provider,
    async chat(request) {
      const response = await postJson(url, headers, body(request), request.signal);
      return request.stream === true ? readStream(response, request.onDelta) : readReply(options.provider, response);
    },
  };
}

async function readReply(provider: string, response: IncomingMessage): Promise<ChatResponse> {
  const reply = (await readJson(response, provider)) as WireReply;
  const message = reply.choices?.[0]?.message;
  if (message === undefined) throw new ProviderError(`${provider} sent a reply without choices`, response.statusCode, false);
  const toolCalls = (message.tool_calls ?? []).map((call, index): ToolCall => ({
    id: call.id ?? `call_${index}`,
    name: call.function?.name ?? '',
    argumentsJson: call.function?.arguments ?? '',
  }));
  return { text: message.content ?? '', toolCalls, usage: usageOf(reply) };
}

function usageOf(reply: WireReply): ChatResponse['usage'] {
  return { inputTokens: reply.usage?.prompt_tokens ?? 0, outputTokens: reply.usage?.completion_tokens ?? 0 };
}

async function readStream(response: IncomingMessage, onDelta: ((text: string) => void) | undefined): Promise<ChatResponse> {
  let text = '';
  let usage: ChatResponse['usage'] = { inputTokens: 0, outputTokens: 0 };
  const calls = new Map<number, { id: string; name: string; argumentsJson: string }>();
  for await (const data of readServerSentData(response)) {
    const chunk = JSON.parse(data) as WireReply;
    if (chunk.usage !== undefined) usage = usageOf(chunk);
    const delta = chunk.choices?.[0]?.delta;
    if (delta?.content) {
      text += delta.content;
      onDelta?.(delta.content);
    }
    for (const piece of delta?.tool_calls ?? []) {
      const index = piece.index ?? calls.size;
      const call = calls.get(index) ?? { id: `call_${index}`, name: '', argumentsJson: '' };
      if (piece.id !== undefined) call.id = piece.id;
      call.name += piece.function?.name ?? '';
      call.argumentsJson += piece.function?.arguments ?? '';
      calls.set(index, call);
    }
  }
  return { text, toolCalls: [...calls.values()], usage };
}

/**
 * Ollama's native `/api/chat`: tool arguments travel as objects rather than JSON text, tool
 * calls carry no ids, structured output is the `format` schema, and a streamed reply is one
 * JSON object per line ending with `done: true`.
 */
import type { IncomingMessage } from 'node:http';
import { postJson, ProviderError, readJson, readLines } from './http.js';
import { argumentsObject, functionTools } from './wire.js';
import type { ChatMessage, ChatRequest, ChatResponse, ProviderClient, ToolCall } from './types.js';

export interface OllamaOptions {
  readonly baseUrl: string;
}

interface WireReply {
  message?: { content?: string; tool_calls?: { function?: { name?: string; arguments?: unknown } }[] };
  prompt_eval_count?: number;
  eval_count?: number;
  done?: boolean;
  error?: string;
}

function wireMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'assistant':
      if (message.toolCalls === undefined || message.toolCalls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content,
        tool_calls: message.toolCalls.map((call) => ({ function: { name: call.name, arguments: argumentsObject(call.argumentsJson) } })),
      };
    case 'tool':
      return { role: 'tool', content: message.content, tool_name: message.name };
    case 'user':
      if (message.images === undefined) return { role: 'user', content: message.content };
      return { role: 'user', content: message.content, images: message.images.map((image) => image.base64) };
    default:
      return { role: message.role, content: message.content };
  }
}

export function createOllamaClient(options: OllamaOptions): ProviderClient {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/api/chat`);

  function body(request: ChatRequest): Record<string, unknown> {
    const settings: Record<string, number> = {};
    if (request.maxTokens !== undefined) settings.num_predict = request.maxTokens;
    if (request.temperature !== undefined) settings.temperature = request.temperature;
    const wire: Record<string, unknown> = { model: request.model, messages: request.messages.map(wireMessage), stream: request.stream === true, options: settings };
    if (request.tools !== undefined && request.tools.length > 0) {
      wire.tools = functionTools(request.tools);
    }
    if (request.responseFormat !== undefined) wire.format = request.responseFormat.schema;
    return wire;
  }

  return {
    provider: 'ollama',
    async chat(request) {
      const response = await postJson(url, {}, body(request), request.signal);
      if (request.stream !== true) return replyOf((await readJson(response, 'ollama')) as WireReply, response);
      return readStream(response, request.onDelta);
    },
  };
}

function replyOf(reply: WireReply, response: IncomingMessage): ChatResponse {
  if (reply.error !== undefined) throw new ProviderError(`ollama: ${reply.error}`, response.statusCode, false);
  const toolCalls = (reply.message?.tool_calls ?? []).map((call, index): ToolCall => ({
    id: `call_${index}`,
    name: call.function?.name ?? '',
    argumentsJson: JSON.stringify(call.function?.arguments ?? {}),
  }));
  return {
    text: reply.message?.content ?? '',
    toolCalls,
    usage: { inputTokens: reply.prompt_eval_count ?? 0, outputTokens: reply.eval_count ?? 0 },
  };
}

async function readStream(response: IncomingMessage, onDelta: ((text: string) => void) | undefined): Promise<ChatResponse> {
  let text = '';
  const toolCalls: NonNullable<NonNullable<WireReply['message']>['tool_calls']> = [];
  for await (const line of readLines(response)) {
    if (line.trim() === '') continue;
    const chunk = JSON.parse(line) as WireReply;
    if (chunk.error !== undefined) throw new ProviderError(`ollama: ${chunk.error}`, response.statusCode, false);
    const piece = chunk.message?.content ?? '';
    if (piece !== '') {
      text += piece;
      onDelta?.(piece);
    }
    toolCalls.push(...(chunk.message?.tool_calls ?? []));
    // The last line carries the token counts; its text and tool calls were gathered above.
    if (chunk.done === true) return replyOf({ ...chunk, message: { content: text, tool_calls: toolCalls } }, response);
  }
  throw new ProviderError('ollama ended the stream before it was done', response.statusCode, true);
}

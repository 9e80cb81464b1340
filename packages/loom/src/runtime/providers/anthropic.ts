/**
 * Anthropic's messages API. System text travels beside the messages, tool calls are
 * `tool_use` content blocks and their results `tool_result` blocks inside a user turn, and
 * `max_tokens` is mandatory, so an agent without `max_tokens` gets ANTHROPIC_DEFAULT_MAX_TOKENS.
 */
import type { IncomingMessage } from 'node:http';
import { postJson, ProviderError, readJson, readServerSentData } from './http.js';
import { argumentsObject } from './wire.js';
import type { ChatMessage, ChatRequest, ChatResponse, ProviderClient, ToolCall } from './types.js';

export const ANTHROPIC_API_VERSION = '2023-06-01';
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export interface AnthropicOptions {
  /** Without the `/v1` segment, e.g. `https://api.anthropic.com`. */
  readonly baseUrl: string;
  readonly apiKey: string;
}

type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string };

interface WireMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
}

/** Consecutive tool results must share one user turn, so turns are merged by role. */
function wireMessages(messages: readonly ChatMessage[]): { system: string; messages: WireMessage[] } {
  const system: string[] = [];
  const wire: WireMessage[] = [];
  const append = (role: WireMessage['role'], blocks: ContentBlock[]): void => {
    const last = wire[wire.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else wire.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        append('user', [
          ...(message.images ?? []).map((image): ContentBlock => ({ type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.base64 } })),
          ...(message.content === '' && message.images !== undefined ? [] : [{ type: 'text' as const, text: message.content }]),
        ]);
        break;
      case 'tool':
        append('user', [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }]);
        break;
      case 'assistant': {
        const blocks: ContentBlock[] = message.content === '' ? [] : [{ type: 'text', text: message.content }];
        for (const call of message.toolCalls ?? []) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call.argumentsJson) });
        append('assistant', blocks);
        break;
      }
    }
  }
  return { system: system.join('\n\n'), messages: wire };
}

interface WireReply {
  content?: ({ type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown })[];
  usage?: { input_tokens?: number; output_tokens?: number };
}

export function createAnthropicClient(options: AnthropicOptions): ProviderClient {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/v1/messages`);
  const headers = { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_API_VERSION };

  function body(request: ChatRequest): Record<string, unknown> {
    const { system, messages } = wireMessages(request.messages);
    const wire: Record<string, unknown> = { model: request.model, max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS, messages };
    if (system !== '') wire.system = system;
    if (request.temperature !== undefined) wire.temperature = request.temperature;
    if (request.tools !== undefined && request.tools.length > 0) {
      wire.tools = request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters }));
      // Anthropic's "must use some tool".
      if (request.toolChoice === 'required') wire.tool_choice = { type: 'any' };
    }
    if (request.stream === true) wire.stream = true;
    return wire;
  }

  return {
    provider: 'anthropic',
    async chat(request) {
      const response = await postJson(url, headers, body(request), request.signal);
      return request.stream === true ? readStream(response, request.onDelta) : readReply(response);
    },
  };
}

async function readReply(response: IncomingMessage): Promise<ChatResponse> {
  const reply = (await readJson(response, 'anthropic')) as WireReply;
  if (reply.content === undefined) throw new ProviderError('anthropic sent a reply without content', response.statusCode, false);
  let text = '';
  const toolCalls: ToolCall[] = [];
  for (const block of reply.content) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'tool_use') toolCalls.push({ id: block.id, name: block.name, argumentsJson: JSON.stringify(block.input ?? {}) });
  }
  return { text, toolCalls, usage: { inputTokens: reply.usage?.input_tokens ?? 0, outputTokens: reply.usage?.output_tokens ?? 0 } };
}

interface StreamEvent {
  type?: string;
  index?: number;
  message?: { usage?: { input_tokens?: number } };
  content_block?: { type?: string; id?: string; name?: string };
  delta?: { type?: string; text?: string; partial_json?: string };
  usage?: { output_tokens?: number };
}

async function readStream(response: IncomingMessage, onDelta: ((text: string) => void) | undefined): Promise<ChatResponse> {
  let text = '';
  let inputTokens = 0;
  let outputTokens = 0;
  const calls = new Map<number, { id: string; name: string; argumentsJson: string }>();
  for await (const data of readServerSentData(response)) {
    const event = JSON.parse(data) as StreamEvent;
    if (event.type === 'message_start') inputTokens = event.message?.usage?.input_tokens ?? 0;
    else if (event.type === 'message_delta') outputTokens = event.usage?.output_tokens ?? outputTokens;
    else if (event.type === 'content_block_start' && event.content_block?.type === 'tool_use') {
      calls.set(event.index ?? calls.size, { id: event.content_block.id ?? '', name: event.content_block.name ?? '', argumentsJson: '' });
    } else if (event.type === 'content_block_delta') {
      if (event.delta?.type === 'text_delta' && event.delta.text !== undefined) {
        text += event.delta.text;
        onDelta?.(event.delta.text);
      } else if (event.delta?.type === 'input_json_delta') {
        const call = calls.get(event.index ?? -1);
        if (call !== undefined) call.argumentsJson += event.delta.partial_json ?? '';
      }
    } else if (event.type === 'error') {
      throw new ProviderError(`anthropic stream failed: ${data}`, undefined, true);
    }
  }
  return { text, toolCalls: [...calls.values()], usage: { inputTokens, outputTokens } };
}

import { assistant as limits } from '../../config.js';
import { buildContext, toChatMessages } from '../context/build.js';
import { streamChat, type ChatMessage } from './openai-compatible.js';
import type { TaskProvider } from './task-provider.js';

export interface ByokConfig {
  baseUrl: string;
  model: string;
  /** The `llm` credential, or null when none is stored or provided by the environment. */
  apiKey: string | null;
  timeoutMs: number;
  contextCharacters: number;
}

const probeMessages: ChatMessage[] = [
  { role: 'system', content: 'You are a connection test. Answer with one short sentence.' },
  { role: 'user', content: 'Say that the connection works.' },
];

/**
 * Any OpenAI-compatible chat endpoint. A key is required unless the endpoint is on this
 * machine (a local server such as llama.cpp or Ollama needs none).
 */
export function createByokProvider(config: ByokConfig): TaskProvider {
  // streamChat refuses a remote endpoint without a key (missing_key) before any request.
  const call = (messages: ChatMessage[], maxTokens: number, signal: AbortSignal) =>
    streamChat({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, messages, maxTokens, timeoutMs: config.timeoutMs, signal });

  return {
    name: 'byok',
    model: config.model,
    async *answer(request, hooks) {
      const context = buildContext({ ...request, budgetChars: config.contextCharacters });
      hooks.onProgress({ stage: 'generating', done: 0, total: 1 });
      const messages = toChatMessages(context);
      const stream = call(messages, limits.taskMaxTokens, hooks.signal);
      hooks.onProviderCall();
      yield* stream;
      hooks.onProgress({ stage: 'generating', done: 1, total: 1 });
    },
    probe(signal) {
      return call(probeMessages, limits.connectionTestMaxTokens, signal);
    },
  };
}

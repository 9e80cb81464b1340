import { createChatProvider } from './chat-provider.js';
import { streamChat } from './openai-compatible.js';
import type { TaskProvider } from './task-provider.js';

export interface ByokConfig {
  baseUrl: string;
  model: string;
  /** The `llm` credential, or null when none is stored or provided by the environment. */
  apiKey: string | null;
  timeoutMs: number;
  contextCharacters: number;
}

/**
 * Any OpenAI-compatible chat endpoint. A key is required unless the endpoint is on this
 * machine (a local server such as llama.cpp or Ollama needs none).
 */
export function createByokProvider(config: ByokConfig): TaskProvider {
  return createChatProvider({
    name: 'byok',
    model: config.model,
    contextCharacters: config.contextCharacters,
    // streamChat refuses a remote endpoint without a key (missing_key) before any request.
    call: (messages, maxTokens, signal) =>
      streamChat({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, messages, maxTokens, timeoutMs: config.timeoutMs, signal }),
  });
}

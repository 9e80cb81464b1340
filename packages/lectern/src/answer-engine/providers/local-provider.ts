import { ProviderError } from './provider-error.js';
import { createChatProvider, type ChatCall } from './chat-provider.js';
import type { TaskProvider } from './task-provider.js';

/** A local model ready to answer: its chat, and the prompt budget its context window holds. */
export interface LocalChatModel {
  modelId: string;
  contextCharacters: number;
  chat: ChatCall;
}

export interface LocalConfig {
  /** The settings' `local_model_id` ('' for the manifest's default LLM). */
  modelId: string;
  /** Starts the model if it is cold; throws model_unavailable when it is not installed. */
  acquire: (modelId: string) => Promise<LocalChatModel>;
  timeoutMs: number;
  contextCharacters: number;
}

/** The call's own deadline, like an OpenAI-compatible provider's timeout, on top of the user's cancel. */
function withDeadline(chat: ChatCall, timeoutMs: number): ChatCall {
  return async function* (messages, maxTokens, signal) {
    const deadline = AbortSignal.timeout(timeoutMs);
    const both = AbortSignal.any([signal, deadline]);
    try {
      yield* chat(messages, maxTokens, both);
    } catch (error) {
      if (deadline.aborted && !signal.aborted) throw new ProviderError('timeout', `The local model did not finish within ${Math.round(timeoutMs / 1000)} s`);
      throw error;
    }
  };
}

/**
 * An installed GGUF run by node-llama-cpp on this machine: the same prompts, budget, summary
 * plan, deltas and error codes as `byok`. The budget is the settings' or what the model's
 * context window holds, whichever is smaller.
 */
export function createLocalProvider(config: LocalConfig): TaskProvider {
  const provider = async (): Promise<TaskProvider> => {
    const model = await config.acquire(config.modelId);
    return createChatProvider({
      name: 'local',
      model: model.modelId,
      contextCharacters: Math.min(config.contextCharacters, model.contextCharacters),
      call: withDeadline(model.chat, config.timeoutMs),
    });
  };
  return {
    name: 'local',
    model: config.modelId || 'default',
    async *answer(request, hooks) {
      hooks.onProgress({ stage: 'loading model', done: 0, total: 1 });
      yield* (await provider()).answer(request, hooks);
    },
    async *probe(signal) {
      yield* (await provider()).probe(signal);
    },
  };
}

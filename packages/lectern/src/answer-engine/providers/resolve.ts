import { ApiError } from '../../platform/errors.js';
import { createBuiltinProvider } from './builtin-provider.js';
import { createByokProvider } from './byok-provider.js';
import type { TaskProvider } from './task-provider.js';

/** The `llm` settings a provider is chosen from (settings.llm). */
export interface LlmChoice {
  mode: 'builtin' | 'byok' | 'local';
  base_url: string;
  model: string;
  timeout_seconds: number;
  context_characters: number;
  local_model_id: string;
}

const builtin = createBuiltinProvider();

/**
 * The provider for the next task, from the settings as they are now (a settings change applies
 * to the next task without a restart). `local` answers model_unavailable until a local model
 * runtime has been started through the models API, which this build does not have yet.
 */
export function resolveTaskProvider(llm: LlmChoice, revealKey: () => string | null): TaskProvider {
  switch (llm.mode) {
    case 'builtin':
      return builtin;
    case 'byok':
      return createByokProvider({
        baseUrl: llm.base_url,
        model: llm.model,
        apiKey: revealKey(),
        timeoutMs: llm.timeout_seconds * 1000,
        contextCharacters: llm.context_characters,
      });
    case 'local':
      return localUnavailable(llm.local_model_id);
  }
}

function localUnavailable(modelId: string): TaskProvider {
  const fail = (): never => {
    throw new ApiError('model_unavailable', 'No local model is running; choose builtin or byok in the settings');
  };
  return {
    name: 'local',
    model: modelId || 'none',
    // eslint-disable-next-line require-yield -- fails before producing anything
    async *answer() {
      fail();
    },
    // eslint-disable-next-line require-yield -- fails before producing anything
    async *probe() {
      fail();
    },
  };
}

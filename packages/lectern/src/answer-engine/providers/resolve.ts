import { createBuiltinProvider } from './builtin-provider.js';
import { createByokProvider } from './byok-provider.js';
import { createLocalProvider, type LocalChatModel } from './local-provider.js';
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
 * to the next task without a restart). `local` runs an installed manifest model, started on
 * first use; `acquireLocal` answers model_unavailable when none is installed.
 */
export function resolveTaskProvider(
  llm: LlmChoice,
  revealKey: () => string | null,
  acquireLocal: (modelId: string) => Promise<LocalChatModel>,
): TaskProvider {
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
      return createLocalProvider({
        modelId: llm.local_model_id,
        acquire: acquireLocal,
        timeoutMs: llm.timeout_seconds * 1000,
        contextCharacters: llm.context_characters,
      });
  }
}

import type { AssistantRequest, EngineProgress } from '../types.js';

export type ProviderName = 'builtin' | 'byok' | 'local';

export interface AnswerHooks {
  signal: AbortSignal;
  onProgress: (progress: EngineProgress) => void;
  /** Called once per request sent to a model, so the task can report `provider_calls`. */
  onProviderCall: () => void;
}

/**
 * What the task runner needs from any answering engine: the embedded offline one, an
 * OpenAI-compatible endpoint, or a local model. Chosen from the settings when a task starts,
 * so a settings change applies to the next task without a restart.
 */
export interface TaskProvider {
  readonly name: ProviderName;
  readonly model: string;
  /** Markdown chunks; concatenated they are the answer. Throws a ProviderError on failure. */
  answer(request: AssistantRequest, hooks: AnswerHooks): AsyncGenerator<string>;
  /** A fixed short prompt with no class data, for `POST /assistant/test`. */
  probe(signal: AbortSignal): AsyncGenerator<string>;
}

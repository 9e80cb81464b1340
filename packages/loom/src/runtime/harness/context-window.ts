/**
 * A context window: the token budget of the conversation an agent sends, and how it is kept
 * within it (`with_context`, `context_policy`).
 */
import type { ContextWindowStrategy } from '../../language/harness.js';

export interface ContextWindow {
  readonly maxTokens: number;
  readonly strategy: ContextWindowStrategy;
  /** Messages holding one of these are kept as long as anything can be dropped instead. */
  readonly priorityTags: readonly string[];
}

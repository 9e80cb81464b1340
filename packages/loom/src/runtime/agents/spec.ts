/**
 * The plain description of an agent the generated code hands the runtime: one object per
 * `agent` declaration, its properties and decorators already folded together (`@timeout(seconds=30)`
 * arrives as `timeout: 30`). Durations are in seconds, as they are written in `.nx` source.
 */
import type { ContextSpec } from '../../language/agent-context.js';
import type { ToolCallStrategy } from '../../language/tool-call-strategy.js';
import type { HandOff } from './hand-off.js';
import type { ConversationMemory } from './memory.js';
import type { ProtocolSpec } from './protocol.js';
import type { ToolBinding } from './tools.js';
import type { ContextWindow, Summarizer } from '../harness/context-window.js';

/**
 * `memory` modes. Without one an agent keeps no history: every `run` starts fresh. `"session"`
 * (also `true`, `"local"`, `"short_term"`) remembers the conversation for the life of the
 * process; `"persistent"` (also `"long_term"`) also stores it under `.loom/memory/` so the next
 * run of the program continues it. `max_history_turns` bounds either.
 */
export type MemorySetting = boolean | string;

export interface AgentSpec {
  readonly name: string;
  readonly role?: string;
  readonly prompt?: string;
  readonly description?: string;
  /** `provider/model`, e.g. `openai/gpt-4o`. */
  readonly model: string;
  /** Further `provider/model` names tried in order when the model fails after its retries. */
  readonly fallback?: string | readonly string[];
  readonly timeout?: number;
  /** Extra attempts after the first, per model. */
  readonly retry?: number;
  readonly retry_delay?: number;
  readonly max_tokens?: number;
  readonly temperature?: number;
  readonly max_history_turns?: number;
  readonly memory?: MemorySetting;
  readonly stream?: boolean;
  readonly cache?: boolean;
  /** Seconds a cached reply stays valid; older entries are asked again (infra/cache.ts). */
  readonly cache_ttl?: number;
  /** The guidelines of the agent's skill files (`uses "SKILLS.md"`, read at compile time): the text outside their tool sections. */
  readonly skill_guidelines?: string;
  /** The text of the agent's `experience` file (read at compile time): long-term memory. */
  readonly experience?: string;
  /** A free-text instruction about the reply's form, e.g. `"markdown"` or `"json"`. */
  readonly output_format?: string;
  readonly tool_timeout?: number;
  readonly max_tool_calls?: number;
  /** Whether the model must, may or may not call the agent's tools (language/tool-call-strategy.ts). */
  readonly tool_call_strategy?: ToolCallStrategy;
  readonly tools?: readonly ToolBinding[];
  /** `implements P` (or the context block's `output_schema: P`): the reply must be a JSON object with P's fields. */
  readonly protocol?: ProtocolSpec;
  /** The agent's own context window as written (`max_tokens`, `strategy`, `priority_tags`); a `with_context` around a call wins. */
  readonly context_policy?: Readonly<Record<string, unknown>>;
  /** The `context { ... }` block: what the agent takes from upstream and where it hands on (hand-off.ts). */
  readonly context?: ContextSpec;
}

export interface RunOptions {
  /** Cancels the call, e.g. when a parallel branch loses a race or the flow is stopped. */
  readonly signal?: AbortSignal;
  /** With `stream: true`, receives the answer text piece by piece. */
  readonly onDelta?: (text: string) => void;
  /** Reflections (`reflect "..."`, a caught error, a failed verify) the model weighs before answering. */
  readonly reflections?: readonly string[];
  /** The context window the conversation must fit (`with_context`), instead of the agent's own `context_policy`. */
  readonly window?: ContextWindow;
  /** Writes the summary a `smart_summarization` window puts in place of what it lets go. */
  readonly summarize?: Summarizer;
  /** The conversation this call continues instead of the agent's own memory: an actor's (host/agent-actor.ts). */
  readonly memory?: ConversationMemory;
  /** What the previous stage of a `>>` pipeline handed on. */
  readonly upstream?: HandOff;
  /** Receives what this call hands on downstream (per the agent's `sink`). */
  readonly onHandOff?: (handOff: HandOff) => void;
}

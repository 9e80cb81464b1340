/**
 * The `context { ... }` block of an agent (Nexa v2.2.1, "Context-as-Structure"): where the
 * agent takes its context from, what of it it inherits, where it hands its own on, and the
 * protocols its input and output follow. The one table of its settings and words, read by the
 * checker (check/agent-context.ts), the code generator and the runtime (runtime/agents/hand-off.ts).
 */

/** The agent body property holding the block. */
export const CONTEXT_PROPERTY = 'context';

export const CONTEXT_SETTINGS = ['source', 'sink', 'input_schema', 'output_schema', 'max_history_turns', 'inherit'] as const;
export type ContextSetting = (typeof CONTEXT_SETTINGS)[number];

/** The settings naming a protocol. */
export const SCHEMA_SETTINGS: ReadonlySet<ContextSetting> = new Set(['input_schema', 'output_schema']);

/** What a downstream agent may take of the context handed to it. */
export const INHERITABLE_FIELDS = ['messages', 'artifacts', 'tool_results'] as const;
export type InheritableField = (typeof INHERITABLE_FIELDS)[number];

export function isInheritableField(word: string | undefined): word is InheritableField {
  return (INHERITABLE_FIELDS as readonly (string | undefined)[]).includes(word);
}

/** `source: "shared:notes"` / `sink: "shared:notes"`: a named slot of the program, instead of the pipeline. */
export const SHARED_PREFIX = 'shared:';

/** The words `source` and `sink` take besides `shared:NAME`; the first is the default. */
export const SOURCE_WORDS = ['upstream', 'fresh'] as const;
export const SINK_WORDS = ['downstream', 'discard'] as const;

/** The block as the generated code hands it to the runtime (`output_schema` becomes the agent's protocol). */
export interface ContextSpec {
  /** `upstream`, `fresh` or `shared:NAME`. */
  readonly source: string;
  /** `downstream`, `discard` or `shared:NAME`. */
  readonly sink: string;
  readonly inherit: readonly InheritableField[];
  /** The most recent turns kept of the inherited messages. */
  readonly max_history_turns?: number;
  /** The protocol the agent's input must follow. */
  readonly input_schema?: string;
}

/** The name of the shared slot a `source` or `sink` names, if it names one. */
export function sharedSlot(setting: string): string | undefined {
  return setting.startsWith(SHARED_PREFIX) ? setting.slice(SHARED_PREFIX.length) : undefined;
}

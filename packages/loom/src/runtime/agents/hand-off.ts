/**
 * Context hand-off between agents (an agent's `context { ... }` block, language/agent-context.ts).
 * Every agent call ends with a hand-off: the conversation it had (its input and final answer,
 * after whatever it inherited), the tool calls it made with their results, and its artifacts
 * (structured answers: the object of a protocol reply, by agent name). Its `sink` decides where
 * that goes: to the next stage of a `>>` pipeline (`downstream`, the default), into a named
 * slot of the program (`"shared:NAME"`), or nowhere (`discard`). Its `source` decides what it
 * receives: the previous stage's hand-off (`upstream`, the default), a slot's latest
 * (`"shared:NAME"`), or nothing (`fresh`); and `inherit` what of it reaches the model:
 * `messages` come before the input as earlier turns (the last `max_history_turns` of them),
 * `artifacts` and `tool_results` are added to the system message as JSON. An agent without a
 * context block inherits nothing, so its calls are what they were, and still hands on.
 */
import type { ContextSpec, InheritableField } from '../../language/agent-context.js';
import { sharedSlot } from '../../language/agent-context.js';
import type { ChatMessage } from '../providers/types.js';

export interface ToolResultRecord {
  readonly agent: string;
  readonly tool: string;
  readonly arguments: string;
  readonly result: string;
}

export interface HandOff {
  /** User and assistant turns, oldest first. */
  readonly messages: readonly ChatMessage[];
  readonly toolResults: readonly ToolResultRecord[];
  readonly artifacts: Readonly<Record<string, unknown>>;
}

/** The hand-offs stored under `shared:NAME` slots, one map per program run. */
export type SharedContexts = Map<string, HandOff>;

const NOTHING: HandOff = { messages: [], toolResults: [], artifacts: {} };

/** What the agent takes in: per its `source`, reduced to what it `inherit`s. */
export function inheritedContext(context: ContextSpec | undefined, upstream: HandOff | undefined, shared: SharedContexts): HandOff {
  if (context === undefined) return NOTHING;
  const slot = sharedSlot(context.source);
  const received = slot !== undefined ? shared.get(slot) : context.source === 'fresh' ? undefined : upstream;
  if (received === undefined) return NOTHING;
  const takes = (field: InheritableField): boolean => context.inherit.includes(field);
  return {
    messages: takes('messages') ? lastTurns(received.messages, context.max_history_turns) : [],
    toolResults: takes('tool_results') ? received.toolResults : [],
    artifacts: takes('artifacts') ? received.artifacts : {},
  };
}

const MESSAGES_PER_TURN = 2;

function lastTurns(messages: readonly ChatMessage[], maxTurns: number | undefined): readonly ChatMessage[] {
  return maxTurns === undefined ? messages : messages.slice(Math.max(0, messages.length - maxTurns * MESSAGES_PER_TURN));
}

/** The inherited artifacts and tool results, as the system message states them; empty when there are none. */
export function inheritedNote(inherited: HandOff): string {
  const parts: string[] = [];
  if (Object.keys(inherited.artifacts).length > 0) parts.push(`Artifacts handed on by the agents before you (JSON): ${JSON.stringify(inherited.artifacts)}`);
  if (inherited.toolResults.length > 0) parts.push(`Tool results handed on by the agents before you (JSON): ${JSON.stringify(inherited.toolResults)}`);
  return parts.join('\n\n');
}

/** What a finished call hands on: what it inherited, plus its own turn, tool results and artifact. */
export function handOffOf(agent: string, inherited: HandOff, turn: { readonly input: string; readonly answer: string; readonly structured: unknown }, toolResults: readonly ToolResultRecord[]): HandOff {
  return {
    messages: [...inherited.messages, { role: 'user', content: turn.input }, { role: 'assistant', content: turn.answer }],
    toolResults: [...inherited.toolResults, ...toolResults],
    artifacts: turn.structured === undefined ? inherited.artifacts : { ...inherited.artifacts, [agent]: turn.structured },
  };
}

/** Sends the hand-off where the agent's `sink` says: downstream (to `deliver`), a shared slot, or nowhere. */
export function sinkHandOff(context: ContextSpec | undefined, handOff: HandOff, deliver: ((handOff: HandOff) => void) | undefined, shared: SharedContexts): void {
  const sink = context?.sink ?? 'downstream';
  const slot = sharedSlot(sink);
  if (slot !== undefined) shared.set(slot, handOff);
  else if (sink !== 'discard') deliver?.(handOff);
}

/**
 * A context window: the token budget of the conversation an agent sends, and how it is kept
 * within it (`with_context max_tokens: N, strategy: S, priority_tags: [...]`, a `context_policy`
 * statement, or an agent's `context_policy` property).
 *
 * Before each request the conversation is measured (about one token per 4 characters, plus a
 * few per message) and, while it is over the budget, whole parts of it are let go: a past turn
 * (a question with its answer) or a tool exchange (the call and its results together, so the
 * provider still sees a well-formed conversation). The system prompt, the newest input and the
 * latest tool exchange (what the model is answering from) are always kept, and so is a part
 * holding one of the priority tags. `sliding_window` lets the
 * oldest parts go first; `importance_weighted` lets tool exchanges go before turns, each oldest
 * first; `smart_summarization` lets go what sliding_window would, and puts a summary of it,
 * written by the weak model, in its place (or only lets it go when no summary comes).
 */
import { CONTEXT_WINDOW_DEFAULT_MAX_TOKENS, CONTEXT_WINDOW_STRATEGIES } from '../../language/harness.js';
import type { ContextWindowStrategy } from '../../language/harness.js';
import type { ChatMessage } from '../providers/types.js';
import { fail } from '../core/script-error.js';
import { describe } from '../core/values.js';

export interface ContextWindow {
  readonly maxTokens: number;
  readonly strategy: ContextWindowStrategy;
  /** Parts holding one of these are kept. */
  readonly priorityTags: readonly string[];
}

/** Writes a summary of earlier conversation, or null when it cannot. */
export type Summarizer = (text: string) => Promise<string | null>;

const CHARACTERS_PER_TOKEN = 4;
const TOKENS_PER_MESSAGE = 4;

/** The options as written (`max_tokens`, `strategy`, `priority_tags`), checked. */
export function readContextWindow(options: Readonly<Record<string, unknown>>, form: string): ContextWindow {
  const maxTokens = options['max_tokens'] ?? CONTEXT_WINDOW_DEFAULT_MAX_TOKENS;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) fail(`${form} max_tokens must be a whole number of at least 1, got ${describe(maxTokens)}`);
  const strategy = options['strategy'] ?? 'sliding_window';
  if (!(CONTEXT_WINDOW_STRATEGIES as readonly unknown[]).includes(strategy)) fail(`${form} strategy must be one of ${CONTEXT_WINDOW_STRATEGIES.join(', ')}, got ${describe(strategy)}`);
  const tags = options['priority_tags'] ?? [];
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) fail(`${form} priority_tags must be a list of strings, got ${describe(tags)}`);
  return { maxTokens, strategy: strategy as ContextWindowStrategy, priorityTags: tags as string[] };
}

export function estimatedTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((total, message) => total + TOKENS_PER_MESSAGE + Math.ceil(messageText(message).length / CHARACTERS_PER_TOKEN), 0);
}

/** A stretch of the conversation that is kept or let go as a whole. */
interface Part {
  readonly start: number;
  readonly end: number;
  readonly isToolExchange: boolean;
}

/**
 * Brings `conversation` within the window, in place. Returns how many messages were let go, or
 * -1 when it is still over the budget with nothing left that may go.
 */
export async function fitWindow(conversation: ChatMessage[], window: ContextWindow, summarize: Summarizer | undefined): Promise<number> {
  if (estimatedTokens(conversation) <= window.maxTokens) return 0;
  const parts = removableParts(conversation).filter((part) => !holdsTag(conversation, part, window.priorityTags));
  const order = window.strategy === 'importance_weighted'
    ? [...parts.filter((part) => part.isToolExchange), ...parts.filter((part) => !part.isToolExchange)]
    : parts;
  const letGo = new Set<number>();
  let tokens = estimatedTokens(conversation);
  for (const part of order) {
    if (tokens <= window.maxTokens) break;
    const messages = conversation.slice(part.start, part.end);
    tokens -= estimatedTokens(messages);
    for (let index = part.start; index < part.end; index += 1) letGo.add(index);
  }
  if (letGo.size === 0) return -1;
  const dropped = conversation.filter((_, index) => letGo.has(index));
  const kept = conversation.filter((_, index) => !letGo.has(index));
  if (window.strategy === 'smart_summarization' && summarize !== undefined) {
    const summary = await summarize(dropped.map((message) => `${message.role}: ${messageText(message)}`).join('\n'));
    if (summary !== null) {
      const at = kept[0]?.role === 'system' ? 1 : 0;
      kept.splice(at, 0, { role: 'user', content: `Summary of the earlier conversation: ${summary}` });
    }
  }
  conversation.splice(0, conversation.length, ...kept);
  return estimatedTokens(conversation) <= window.maxTokens ? dropped.length : -1;
}

/** Past turns and tool exchanges, oldest first: all but the system prompt, the newest input and the latest tool exchange. */
function removableParts(conversation: readonly ChatMessage[]): Part[] {
  const newestInput = conversation.findLastIndex((message) => message.role === 'user');
  const parts: Part[] = [];
  let index = conversation[0]?.role === 'system' ? 1 : 0;
  while (index < conversation.length) {
    if (index === newestInput) {
      index += 1;
      continue;
    }
    const message = conversation[index]!;
    let end = index + 1;
    const isToolExchange = callsTools(message);
    if (isToolExchange) {
      while (end < conversation.length && conversation[end]!.role === 'tool') end += 1;
    } else if (message.role === 'user' && end < newestInput && conversation[end]!.role === 'assistant' && !callsTools(conversation[end]!)) {
      end += 1;
    }
    parts.push({ start: index, end, isToolExchange });
    index = end;
  }
  const latest = parts.at(-1);
  return latest?.isToolExchange === true && latest.start > newestInput ? parts.slice(0, -1) : parts;
}

function callsTools(message: ChatMessage): boolean {
  return message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0;
}

function holdsTag(conversation: readonly ChatMessage[], part: Part, tags: readonly string[]): boolean {
  if (tags.length === 0) return false;
  return conversation.slice(part.start, part.end).some((message) => tags.some((tag) => messageText(message).includes(tag)));
}

function messageText(message: ChatMessage): string {
  return message.content;
}

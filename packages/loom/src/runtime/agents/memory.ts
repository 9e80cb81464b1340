/**
 * An agent's conversation history, kept only when its `memory` setting asks for it. A turn is
 * one user input and the final answer to it (tool exchanges are not replayed: their results
 * are already reflected in the answer). `max_history_turns` keeps the most recent turns.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LoomError } from '../../errors.js';
import type { ChatMessage } from '../providers/types.js';
import type { MemorySetting } from './spec.js';

export const MEMORY_DIRECTORY = join('.loom', 'memory');

const SESSION_MODES = new Set(['session', 'local', 'short_term', 'short-term', 'cow']);
const PERSISTENT_MODES = new Set(['persistent', 'long_term', 'long-term']);
const NO_MEMORY_MODES = new Set(['none', 'off', 'stateless']);

export interface Turn {
  readonly user: string;
  readonly assistant: string;
}

export interface ConversationMemory {
  /** The history to send before the new input, oldest first. */
  messages(): ChatMessage[];
  remember(turn: Turn): void;
  /** The turns kept now, for a harness `snapshot()`. */
  turns(): readonly Turn[];
  /** Puts back turns `turns()` gave (a harness `restore(snap)`). */
  replace(turns: readonly Turn[]): void;
}

const NO_MEMORY: ConversationMemory = { messages: () => [], remember: () => undefined, turns: () => [], replace: () => undefined };

export function createMemory(agent: string, setting: MemorySetting | undefined, maxTurns: number | undefined, projectRoot: string): ConversationMemory {
  if (setting === undefined || setting === false) return NO_MEMORY;
  const mode = setting === true ? 'session' : setting.toLowerCase();
  if (NO_MEMORY_MODES.has(mode)) return NO_MEMORY;
  if (SESSION_MODES.has(mode)) return sessionMemory(maxTurns);
  if (PERSISTENT_MODES.has(mode)) return PersistentHistory.open(join(projectRoot, MEMORY_DIRECTORY, `${agent}.json`), maxTurns);
  throw new LoomError('E101', `agent '${agent}' has memory mode '${setting}'; use "session" or "persistent" (or true/false)`);
}

/** A history kept for as long as its holder lives (an agent with `memory: "session"`, an actor). */
export function sessionMemory(maxTurns: number | undefined): ConversationMemory {
  return new TurnHistory(maxTurns, []);
}

class TurnHistory implements ConversationMemory {
  constructor(
    private readonly maxTurns: number | undefined,
    protected kept: Turn[],
  ) {
    this.trim();
  }

  messages(): ChatMessage[] {
    return this.kept.flatMap((turn): ChatMessage[] => [
      { role: 'user', content: turn.user },
      { role: 'assistant', content: turn.assistant },
    ]);
  }

  remember(turn: Turn): void {
    this.kept.push(turn);
    this.trim();
  }

  turns(): readonly Turn[] {
    return [...this.kept];
  }

  replace(turns: readonly Turn[]): void {
    this.kept = [...turns];
  }

  private trim(): void {
    if (this.maxTurns !== undefined && this.kept.length > this.maxTurns) this.kept = this.kept.slice(this.kept.length - this.maxTurns);
  }
}

class PersistentHistory extends TurnHistory {
  private constructor(
    private readonly path: string,
    maxTurns: number | undefined,
    turns: Turn[],
  ) {
    super(maxTurns, turns);
  }

  static open(path: string, maxTurns: number | undefined): PersistentHistory {
    let turns: Turn[] = [];
    try {
      const stored: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (Array.isArray(stored)) turns = stored.filter(isTurn);
    } catch {
      // no history yet, or an unreadable file that the next answer replaces
    }
    return new PersistentHistory(path, maxTurns, turns);
  }

  override remember(turn: Turn): void {
    super.remember(turn);
    this.store();
  }

  override replace(turns: readonly Turn[]): void {
    super.replace(turns);
    this.store();
  }

  private store(): void {
    mkdirSync(join(this.path, '..'), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.kept));
    renameSync(temporary, this.path);
  }
}

function isTurn(value: unknown): value is Turn {
  const turn = value as Partial<Turn> | null;
  return typeof turn?.user === 'string' && typeof turn.assistant === 'string';
}

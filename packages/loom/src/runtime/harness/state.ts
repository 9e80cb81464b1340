/**
 * `snap = snapshot()` and `restore(snap)`: the state of the running flow at a point, and going
 * back to it. The state is the flow's variables (deep copies of their values, so changing a list
 * afterwards does not change the snapshot) and the conversations of the agents asked so far
 * (their `memory`). Restoring puts both back; a snapshot can be restored any number of times.
 */
import type { Turn } from '../agents/memory.js';
import { fail } from '../core/script-error.js';
import { describe, snapshot as deepCopy } from '../core/values.js';

/** Each remembering participant and what it remembered. */
export type MemoryState = ReadonlyMap<object, readonly Turn[]>;

export class StateSnapshot {
  constructor(
    readonly id: number,
    readonly label: string | null,
    private readonly variables: ReadonlyMap<string, unknown>,
    readonly memories: MemoryState,
  ) {}

  /** The variables as they were, copied again so the snapshot stays as it was after a restore. */
  variablesNow(): Record<string, unknown> {
    const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [name, value] of this.variables) values[name] = deepCopy(value);
    return values;
  }

  loomDisplay(): string {
    return `<snapshot ${this.id}${this.label === null ? '' : ` ${JSON.stringify(this.label)}`}>`;
  }
}

/**
 * The flow's variables that hold a value (an unassigned one has none to go back to) and are not
 * themselves snapshots: `restore(snap)` does not change which snapshot `snap` holds.
 */
export function capturedVariables(locals: Readonly<Record<string, unknown>>): Map<string, unknown> {
  const captured = new Map<string, unknown>();
  for (const [name, value] of Object.entries(locals)) {
    if (value === undefined || value instanceof StateSnapshot) continue;
    captured.set(name, deepCopy(value));
  }
  return captured;
}

export function asSnapshot(value: unknown): StateSnapshot {
  return value instanceof StateSnapshot ? value : fail(`restore() needs a snapshot taken with snapshot(), got ${describe(value)}`);
}

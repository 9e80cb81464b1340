/**
 * Where the harness settings of running code live. A setting — a lifecycle hook, a context
 * window, an `unharnessed` block, the autoloop that drives the steps — is one HarnessFrame; the
 * frames form a chain, innermost last, and are never changed once made.
 *
 * Each invocation of a flow or function that holds harness statements runs with a HarnessCell
 * of its own (`invoke`), whose `current` frame starts as its caller's and moves as the body
 * declares hooks and enters or leaves harness blocks. The cell travels with the invocation's
 * asynchronous work (AsyncLocalStorage), so the flows and agents it calls see its settings —
 * a hook declared in `main` applies to an agent asked from a flow `main` calls — and a setting
 * ends with the block or invocation that made it. Reflections wait in the cells for the next
 * agent call; those left when an invocation returns move to its caller's cell.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ContextWindow } from './context-window.js';

export type HookKind = 'before_step' | 'after_step' | 'on_error' | 'before_tool' | 'after_tool';

/** A lifecycle hook as the generated code registers it. */
export interface Hook {
  readonly kind: HookKind;
  /** The tool a `before_tool`/`after_tool` hook watches. */
  readonly tool: string | null;
  /** The error types an `on_error` hook accepts (`on_error(e: ToolError)`); null for any error. */
  readonly errorTypes: readonly string[] | null;
  /** The hook's body; `on_error` receives the error. Its value matters only for `before_tool` (false blocks the call). */
  readonly body: (argument?: unknown) => Promise<unknown>;
}

/** What one frame adds to the chain. */
interface FrameSetting {
  readonly hook?: Hook;
  readonly window?: ContextWindow;
  readonly unharnessed?: boolean;
  /** Set inside an autoloop: its iterations are the steps, so the agent calls in them are not steps of their own. */
  readonly loop?: LoopFrame;
}

/** What the agent calls inside an autoloop need of it. */
export interface LoopFrame {
  /** Fires when the loop's time limit passes, so the agent call in progress stops. */
  readonly deadline: AbortSignal | undefined;
  /** Records an agent's answer in the step: what `exit_when` is judged about, with the variables. */
  observe(answer: unknown): void;
}

export class HarnessFrame {
  private constructor(
    private readonly parent: HarnessFrame | null,
    private readonly setting: FrameSetting,
  ) {}

  static readonly ROOT = new HarnessFrame(null, {});

  with(setting: FrameSetting): HarnessFrame {
    return new HarnessFrame(this, setting);
  }

  /** Inside `unharnessed { }` (or a hook's body): no hooks fire, no window or reflection applies. */
  get unharnessed(): boolean {
    return this.find((setting) => setting.unharnessed) === true;
  }

  /** The innermost `with_context` window or `context_policy` statement. */
  get window(): ContextWindow | undefined {
    return this.find((setting) => setting.window);
  }

  /** The innermost autoloop around this point. */
  get loop(): LoopFrame | undefined {
    return this.find((setting) => setting.loop);
  }

  /** The hooks of `kind` in force, in the order they were declared (outermost first). */
  hooks(kind: HookKind): Hook[] {
    const found: Hook[] = [];
    for (const setting of this.settings()) if (setting.hook?.kind === kind) found.push(setting.hook);
    return found.reverse();
  }

  private find<T>(read: (setting: FrameSetting) => T | undefined): T | undefined {
    for (const setting of this.settings()) {
      const value = read(setting);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** The settings of this frame and the frames around it, innermost first. */
  private settings(): Generator<FrameSetting> {
    return HarnessFrame.outwardFrom(this);
  }

  private static *outwardFrom(start: HarnessFrame): Generator<FrameSetting> {
    for (let frame: HarnessFrame | null = start; frame !== null; frame = frame.parent) yield frame.setting;
  }
}

class HarnessCell {
  readonly reflections: string[] = [];

  constructor(
    readonly parent: HarnessCell | null,
    public current: HarnessFrame,
  ) {}
}

export class HarnessScopes {
  private readonly store = new AsyncLocalStorage<HarnessCell>();
  private readonly root = new HarnessCell(null, HarnessFrame.ROOT);

  /** The settings in force where the running code is. */
  get frame(): HarnessFrame {
    return this.cell().current;
  }

  /** Runs one invocation of a flow or function that holds harness statements, with a cell of its own. */
  async invoke<T>(work: () => Promise<T>): Promise<T> {
    const caller = this.cell();
    const cell = new HarnessCell(caller, caller.current);
    try {
      return await this.store.run(cell, work);
    } finally {
      caller.reflections.push(...cell.reflections.splice(0));
    }
  }

  /** Runs a hook's body: in a cell of its own, where hooks do not fire again. */
  async runHook<T>(work: () => Promise<T>): Promise<T> {
    const caller = this.cell();
    const cell = new HarnessCell(caller, caller.current.with({ unharnessed: true }));
    try {
      return await this.store.run(cell, work);
    } finally {
      caller.reflections.push(...cell.reflections.splice(0));
    }
  }

  /** Adds a setting until `leave(saved)`; returns the frame to go back to. */
  enter(setting: FrameSetting): HarnessFrame {
    const cell = this.cell();
    const saved = cell.current;
    cell.current = saved.with(setting);
    return saved;
  }

  leave(saved: HarnessFrame): void {
    this.cell().current = saved;
  }

  /** Adds a setting for the rest of the block or invocation it is declared in (a hook, a `context_policy` statement). */
  declare(setting: FrameSetting): void {
    const cell = this.cell();
    cell.current = cell.current.with(setting);
  }

  reflect(text: string): void {
    this.cell().reflections.push(text);
  }

  /** The reflections waiting for the next agent call, oldest first; they are handed over once. */
  takeReflections(): string[] {
    const taken: string[] = [];
    for (let cell: HarnessCell | null = this.cell(); cell !== null; cell = cell.parent) taken.unshift(...cell.reflections.splice(0));
    return taken;
  }

  private cell(): HarnessCell {
    return this.store.getStore() ?? this.root;
  }
}

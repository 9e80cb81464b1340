/**
 * The Nexa v2 harness of one running program (`$p.harness` in generated code): the settings
 * scopes (scope.ts), the lifecycle hooks (hooks.ts), autoloops (autoloop.ts) and what happens
 * around each agent call. docs/loom/reference.md ("Harness") describes the semantics.
 */
import { describe, display } from '../core/values.js';
import type { TypeDescriptor } from '../../language/type-descriptor.js';
import { verificationFailure } from './verification.js';
import { asSnapshot, capturedVariables, StateSnapshot } from './state.js';
import type { MemoryState } from './state.js';
import { runFork, runForkBlocks } from './fork.js';
import { ApprovalGate } from './approval.js';
import type { ToolSafety } from './approval.js';
import type { Terminal } from '../infra/terminal.js';
import { readContextWindow } from './context-window.js';
import type { ContextWindow, Summarizer } from './context-window.js';
import type { HarnessFrame } from './scope.js';
import type { ContractConditionKind } from '../../errors.js';
import { Autoloop } from './autoloop.js';
import type { AutoloopServices } from './autoloop.js';
import { HookRunner } from './hooks.js';
import { HarnessScopes } from './scope.js';
import { isErrorOfTypes } from './error-types.js';
import { LoomError } from '../../errors.js';
import type { Hook, HookKind } from './scope.js';

export interface HarnessServices {
  /** Whether a semantic condition holds of `subject` (the weak model's judgement). */
  holds(condition: string, subject: unknown): Promise<boolean>;
  /** Whether `value` is of `type`, with the program's own types (`value is T`). */
  isOfType(value: unknown, type: TypeDescriptor): boolean;
  /** The index of the best candidate (`merge best_of`), or null when the weak model cannot say. */
  best(candidates: readonly unknown[]): Promise<number | null>;
  /** A summary of earlier conversation (a `smart_summarization` window), or null. */
  summarize(conversation: string): Promise<string | null>;
  /** The person at the keyboard, who approves tool calls that need it. */
  readonly terminal: Terminal;
  /** The program's environment: `LOOM_TOOL_APPROVAL`. */
  readonly env: NodeJS.ProcessEnv;
  /** What the agents asked so far remember, and putting it back. */
  readonly memories: { capture(): MemoryState; restore(state: MemoryState): void };
  /** Writes a `--debug` trace line (without the `[loom] ` prefix); nothing without `--debug`. */
  trace(line: string): void;
}

/** What an agent call is given by the harness around it. */
export interface AgentCallSettings {
  /** Reflections to weigh before answering, oldest first. */
  readonly reflections: readonly string[];
  /** Stops the call when the autoloop it belongs to runs out of time. */
  readonly signal: AbortSignal | undefined;
  /** The `with_context` window (or `context_policy` statement) around the call. */
  readonly window: ContextWindow | undefined;
  readonly summarize: Summarizer;
}

export class Harness {
  readonly scopes = new HarnessScopes();
  private readonly hooks = new HookRunner(this.scopes);
  private snapshots = 0;
  /** The `@tool` fns that declared a risk level or the need for approval, by name. */
  private readonly toolSafety = new Map<string, ToolSafety>();
  private readonly approvals: ApprovalGate;

  constructor(private readonly services: HarnessServices) {
    this.approvals = new ApprovalGate(services.terminal, services.env, (line) => services.trace(line));
  }

  /** `@tool("...", risk_level: "high", requires_approval: true)`: what the tool's calls must pass. */
  declareTool(name: string, safety: ToolSafety): void {
    this.toolSafety.set(name, safety);
  }

  /** One invocation of a flow or function holding harness statements (scope.ts). */
  async invoke<T>(work: () => Promise<T>): Promise<T> {
    return await this.scopes.invoke(work);
  }

  autoloop(options: Readonly<Record<string, unknown>>, site: string): Autoloop {
    const services: AutoloopServices = {
      scopes: this.scopes,
      hooks: this.hooks,
      holds: (condition, subject) => this.services.holds(condition, subject),
      trace: (line) => this.services.trace(line),
    };
    return new Autoloop(options, site, services);
  }

  /** A lifecycle hook declared where the code runs; it applies until that block or invocation ends. */
  hook(kind: HookKind, tool: string | null, errorTypes: readonly string[] | null, body: Hook['body']): void {
    this.scopes.declare({ hook: { kind, tool, errorTypes, body } });
  }

  /**
   * The catch of `try_agent`: whether `error` is of the types its `catch_correction` names (null:
   * any). When it is, the `on_error` hooks see it and the failure is left as a reflection for
   * the next agent call, the "correction reflection" of the Nexa docs.
   */
  async corrects(error: unknown, types: readonly string[] | null): Promise<boolean> {
    if (!isErrorOfTypes(error, types)) return false;
    await this.hooks.failed(error);
    if (!this.scopes.frame.unharnessed) this.reflect(`The previous attempt failed: ${describeFailure(error)}. Correct your approach.`);
    return true;
  }

  /** `reflect "..."`: a reflection for the next agent call. */
  reflect(value: unknown): void {
    const text = display(value);
    this.services.trace(`reflect: ${JSON.stringify(text)}`);
    this.scopes.reflect(text);
  }

  /** `with_context options { ... }`: the window applies until `leave(saved)`, which the generated code calls however the block ends. */
  enterWindow(options: Readonly<Record<string, unknown>>): HarnessFrame {
    return this.scopes.enter({ window: readContextWindow(options, 'with_context') });
  }

  /** `context_policy { ... }` as a statement: the window applies to the rest of the block or flow. */
  declareWindow(options: Readonly<Record<string, unknown>>): void {
    this.scopes.declare({ window: readContextWindow(options, 'context_policy') });
  }

  /** `unharnessed { ... }`: no hook fires, no window or reflection applies until `leave(saved)`. */
  enterUnharnessed(): HarnessFrame {
    return this.scopes.enter({ unharnessed: true });
  }

  leave(saved: HarnessFrame): void {
    this.scopes.leave(saved);
  }

  /** `snapshot(label?)`: `locals` are the variables of the flow where it is called, by name. */
  snapshot(locals: Readonly<Record<string, unknown>>, label?: unknown): StateSnapshot {
    this.snapshots += 1;
    const snapshot = new StateSnapshot(this.snapshots, label === undefined || label === null ? null : display(label), capturedVariables(locals), this.services.memories.capture());
    this.services.trace(`snapshot ${snapshot.id} taken`);
    return snapshot;
  }

  /** `restore(snap)`: puts the agents' memories back and returns the variables for the generated code to assign. */
  restore(value: unknown): Record<string, unknown> {
    const snapshot = asSnapshot(value);
    this.services.memories.restore(snapshot.memories);
    this.services.trace(`snapshot ${snapshot.id} restored`);
    return snapshot.variablesNow();
  }

  /** `fork [branches] merge strategy` (fork.ts). */
  fork(branches: readonly (() => Promise<unknown>)[], strategy: string | null): Promise<unknown> {
    return runFork(branches, strategy, { best: (candidates) => this.services.best(candidates), trace: (line) => this.services.trace(line) });
  }

  /** `fork { ... } and { ... }` (fork.ts). */
  forkBlocks(branches: readonly (() => Promise<void>)[]): Promise<void> {
    return runForkBlocks(branches, (line) => this.services.trace(line));
  }

  /** `verify x satisfies T` with T a type or protocol; `written` is the check as written. */
  async verifyType(value: unknown, type: TypeDescriptor, written: string): Promise<void> {
    if (!this.services.isOfType(value, type)) this.verificationFailed(`${written}: got ${describe(value)}`, 'deterministic');
  }

  /** `verify "claim" against x` and `verify x satisfies "a condition in words"`: judged by the weak model. */
  async verifyClaim(condition: unknown, subject: unknown, written: string): Promise<void> {
    if (!(await this.services.holds(display(condition), subject))) this.verificationFailed(written, 'semantic');
  }

  /** `verify x contains y` and `verify expression`, already evaluated to `passed`. */
  async verifyHolds(passed: boolean, subject: unknown, written: string): Promise<void> {
    if (!passed) this.verificationFailed(`${written}: got ${describe(subject)}`, 'deterministic');
  }

  /** A failed verify: E204, and the failure left as a reflection so the next agent call can correct it (the docs' "automatically triggers reflect"). */
  private verificationFailed(message: string, condition: ContractConditionKind): never {
    if (!this.scopes.frame.unharnessed) this.reflect(`Your output failed verification (${message}). Correct it.`);
    throw verificationFailure(message, condition);
  }

  /**
   * One call of the `@tool fn` named `tool` with `args`, by an agent or by the program: the
   * `before_tool` hooks may block it (E102), then a tool that requires approval must get it
   * (approval.ts, also inside `unharnessed`), and the `after_tool` hooks run once it returned.
   */
  async toolCall<T>(tool: string, args: unknown, run: () => Promise<T>): Promise<T> {
    const hooked = !this.scopes.frame.unharnessed;
    if (hooked && !(await this.hooks.allowTool(tool))) throw new LoomError('E102', `tool '${tool}' was blocked by its before_tool hook`);
    const safety = this.toolSafety.get(tool);
    if (safety?.requires_approval === true) await this.approvals.approve(tool, safety, args);
    const result = await run();
    if (hooked) await this.hooks.fire('after_tool', tool);
    return result;
  }

  /**
   * One agent call, `call` given what the harness adds to it. Outside an autoloop the call is
   * a step of its own: the step hooks run around it and `on_error` sees its failure.
   */
  async agentCall<T>(call: (settings: AgentCallSettings) => Promise<T>): Promise<T> {
    const frame = this.scopes.frame;
    const summarize: Summarizer = (conversation) => this.services.summarize(conversation);
    if (frame.unharnessed) return await call({ reflections: [], signal: frame.loop?.deadline, window: undefined, summarize });
    const settings: AgentCallSettings = { reflections: this.scopes.takeReflections(), signal: frame.loop?.deadline, window: frame.window, summarize };
    const { loop } = frame;
    if (loop !== undefined) {
      const answer = await call(settings);
      loop.observe(answer);
      return answer;
    }
    await this.hooks.fire('before_step');
    let answer: T;
    try {
      answer = await call(settings);
    } catch (error) {
      await this.hooks.failed(error);
      throw error;
    }
    await this.hooks.fire('after_step');
    return answer;
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof LoomError) return `${error.code} ${error.message}`;
  return display(error);
}

/**
 * Concurrent tasks (`spawn`, `await`, `cancel_task`) and the scope that owns them for one
 * program. A task runs its work with an abort signal of its own, joined to the signal of the
 * code that spawned it, and carried by the same AsyncLocalStorage as a tool call's signal
 * (infra/tool-signal.ts): so `sleep_ms`, agent calls, std.http and std.shell inside the task
 * stop when it is cancelled, and so do the tasks it spawned in turn. Every task is also an
 * actor: it has a mailbox (core/mailbox.ts) that `pass` writes to and `receive()`, run by the
 * task's own code, reads.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LoomError } from '../../errors.js';
import { currentToolSignal, withToolSignal } from '../infra/tool-signal.js';
import { Mailbox } from './mailbox.js';
import { reachedAt } from './report-site.js';

export type TaskState = 'running' | 'completed' | 'failed' | 'cancelled';

/** The E701 reason a cancelled task's signal carries, and what awaiting it raises. */
export function cancellation(message: string): LoomError {
  return new LoomError('E701', message);
}

function isCancellation(error: unknown): boolean {
  return error instanceof LoomError && error.code === 'E701';
}

/** Errors that awaiting a task raised: `catch_correction(e: ActorError)` catches these. */
const awaitFailures = new WeakSet<object>();

function raisedFromTask<T>(error: T): T {
  if (typeof error === 'object' && error !== null) awaitFailures.add(error);
  return error;
}

export function raisedByAwait(error: unknown): boolean {
  return typeof error === 'object' && error !== null && awaitFailures.has(error);
}

/** The task whose code is running, for `receive()`; none in the program's main line. */
const runningTask = new AsyncLocalStorage<Task>();

export function currentTask(): Task | undefined {
  return runningTask.getStore();
}

export class Task {
  /** How messages name the task: `task #3`, or `actor Worker #3` for an agent spawned as an actor. */
  readonly title: string;
  readonly mailbox: Mailbox;
  private readonly controller = new AbortController();
  /** Settles with the work's value or failure, or with E701 as soon as the task is cancelled. */
  private readonly outcome: Promise<unknown>;
  private currentState: TaskState = 'running';
  private value: unknown = null;
  private failure: unknown;
  /** Whether anyone has asked for the result: a failure nobody awaits is reported when the program ends. */
  observed = false;

  /** `actorName`: the agent this task runs as an actor (host/agent-actor.ts), if it does. */
  constructor(readonly id: number, work: (task: Task) => unknown, readonly actorName?: string) {
    this.title = actorName === undefined ? `task #${id}` : `actor ${actorName} #${id}`;
    this.mailbox = new Mailbox(id, this.title);
    // Made here, at the `spawn` the program runs: where a failure the program never reached is reported.
    const spawnSite = new Error();
    const parent = currentToolSignal();
    const signal = parent === undefined ? this.controller.signal : AbortSignal.any([parent, this.controller.signal]);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    const run = Promise.resolve().then(() => withToolSignal(signal, () => runningTask.run(this, () => work(this))));
    this.outcome = Promise.race([run, aborted]).then(
      (value) => {
        this.currentState = 'completed';
        this.value = value;
        return value;
      },
      (error: unknown) => {
        this.currentState = isCancellation(error) || signal.aborted ? 'cancelled' : 'failed';
        this.failure = error;
        reachedAt(error, spawnSite, true);
        throw error;
      },
    ).finally(() => {
      if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
      this.mailbox.close('it has ended');
    });
    // The failure is raised where the task is awaited, or reported when the program ends.
    this.outcome.catch(() => undefined);
    // Work that goes on after a cancellation has no one to report to.
    run.catch(() => undefined);
  }

  /** Resolves when the task has ended, however it ended; reading it does not count as awaiting the task. */
  get settled(): Promise<void> {
    return this.outcome.then(() => undefined, () => undefined);
  }

  get state(): TaskState {
    return this.currentState;
  }

  /** The failure of a task that failed (not cancelled). */
  get error(): unknown {
    return this.currentState === 'failed' ? this.failure : undefined;
  }

  /** Cancels the task: its signal fires with E701, and awaiting it raises that E701. */
  cancel(reason: LoomError = cancellation(`${this.title} was cancelled`)): void {
    if (this.currentState === 'running') this.controller.abort(reason);
  }

  /**
   * The task's value; its failure or E701 if it was cancelled. A `timeoutMs` that passes first
   * cancels it. Awaiting closes the mailbox: the task then ends once it has taken what was passed.
   */
  async result(timeoutMs?: number): Promise<unknown> {
    this.observed = true;
    this.mailbox.close('it was awaited');
    const awaitSite = new Error();
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => this.cancel(cancellation(`${this.title} did not finish within ${timeoutMs} ms and was cancelled`)), timeoutMs);
    try {
      return await this.outcome;
    } catch (error) {
      // Raised again here, so that the report points at the `await`, not at the `cancel_task`.
      if (isCancellation(error)) throw raisedFromTask(cancellation((error as LoomError).message));
      reachedAt(error, awaitSite);
      throw raisedFromTask(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** `try_await`: the value when the task has completed, null while it runs; its failure if it failed. */
  peek(): unknown {
    this.observed = true;
    if (this.currentState === 'running') return null;
    if (this.currentState === 'completed') return this.value;
    throw raisedFromTask(this.failure);
  }

  loomDisplay(): string {
    return this.actorName === undefined ? `Task(#${this.id}, ${this.currentState})` : `Actor(${this.actorName} #${this.id}, ${this.currentState})`;
  }
}

/** Something the scope stops when the program ends: a task, an `after` timer, a schedule. */
export interface Stoppable {
  stop(): void;
}

/**
 * The tasks and timers of one program. When the program ends (its `main` returned or failed),
 * whatever still runs is cancelled, as when a Go program's main returns; a task that failed
 * without anyone awaiting it is not lost: `close` hands its failure back for the report.
 */
export class TaskScope {
  private nextId = 1;
  private nextResourceId = 1;
  private readonly running = new Set<Task>();
  private readonly timers = new Set<Stoppable>();
  private readonly failed: Task[] = [];

  spawn(work: (task: Task) => unknown, actorName?: string): Task {
    const task = new Task(this.nextId++, work, actorName);
    this.running.add(task);
    void task.settled.then(() => {
      this.running.delete(task);
      if (task.state === 'failed') this.failed.push(task);
    });
    return task;
  }

  /** A number for a channel or timer of this program, for how it prints and its errors. */
  numberResource(): number {
    return this.nextResourceId++;
  }

  track(timer: Stoppable): void {
    this.timers.add(timer);
  }

  untrack(timer: Stoppable): void {
    this.timers.delete(timer);
  }

  /** Stops everything still running; returns the first failure no one awaited, if any. */
  close(): unknown {
    for (const timer of this.timers) timer.stop();
    this.timers.clear();
    for (const task of this.running) task.cancel(cancellation(`${task.title} was cancelled because the program ended`));
    this.running.clear();
    const lost = this.failed.find((task) => !task.observed && task.state === 'failed');
    return lost?.error;
  }
}

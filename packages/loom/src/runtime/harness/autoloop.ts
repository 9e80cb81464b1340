/**
 * `autoloop max_steps: N, exit_when: "...", timeout: T, step_delay: D { body }` at run time.
 * Each run of the body is a step: the `before_step` hooks run before it and the `after_step`
 * hooks after it (the agent calls inside it are part of the step, not steps of their own).
 * After a step the weak model judges `exit_when` about what the step observed: its number, the
 * answers of the agents asked in it and the variables the body assigns (as `loop ... until`
 * judges its condition about those variables). The loop ends when the condition holds, after `max_steps` steps
 * (default 50), or once `timeout` seconds have passed: no step starts after that, and an
 * agent call still running is stopped with E701. Reaching the cap or the time limit ends the
 * loop quietly, as the Nexa docs list them among its exit reasons; `--debug` shows why it ended.
 *
 * A step that fails is shown to the `on_error` hooks and its error goes on, ending the loop,
 * except two: the loop's own time limit stopping an agent call ends the loop like the time limit
 * does, and a failed `verify` (E204) makes the next step try again with the failure as a
 * reflection; if no step is left, that E204 is raised.
 */
import { LoomError } from '../../errors.js';
import { AUTOLOOP_DEFAULT_MAX_STEPS, STEP_FAILURE } from '../../language/harness.js';
import type { StepFailureAction } from '../../language/harness.js';
import { sleep } from '../agents/backoff.js';
import { ExitRequest } from '../core/exit-request.js';
import { Propagation } from '../core/propagation.js';
import { fail } from '../core/script-error.js';
import { describe, display } from '../core/values.js';
import type { HookRunner } from './hooks.js';
import type { HarnessFrame, HarnessScopes } from './scope.js';
import { isVerificationFailure } from './verification.js';

const MS_PER_SECOND = 1000;

export type ExitReason = 'exit_when_met' | 'max_steps' | 'timeout' | 'break' | 'error';

export interface AutoloopServices {
  readonly scopes: HarnessScopes;
  readonly hooks: HookRunner;
  /** Whether the semantic condition holds of the variables a step assigned. */
  holds(condition: string, subject: unknown): Promise<boolean>;
  /** A `--debug` trace line. */
  trace(line: string): void;
}

interface Settings {
  readonly maxSteps: number;
  readonly exitWhen: string | null;
  readonly timeoutMs: number | null;
  readonly stepDelayMs: number;
}

/** The loop's own time limit, as the reason its signal fires with. */
class LoopTimeout extends LoomError {}

export class Autoloop {
  private readonly settings: Settings;
  private readonly deadline: AbortController | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly saved: HarnessFrame;
  private readonly loopFrame: HarnessFrame;
  private step = 0;
  private stepFailed = false;
  /** The answers of the agents asked in the current step. */
  private observations: unknown[] = [];
  /** The E204 of the last step, when it failed its verification. */
  private unverified: LoomError | undefined;
  private reason: ExitReason | undefined;

  constructor(
    options: Readonly<Record<string, unknown>>,
    private readonly site: string,
    private readonly services: AutoloopServices,
  ) {
    this.settings = readSettings(options);
    const { timeoutMs } = this.settings;
    if (timeoutMs !== null) {
      const controller = new AbortController();
      this.deadline = controller;
      this.timer = setTimeout(() => controller.abort(new LoopTimeout('E701', `the autoloop at ${site} reached its timeout of ${timeoutMs / MS_PER_SECOND} s`)), timeoutMs);
      this.timer.unref();
    }
    this.saved = services.scopes.enter({ loop: { deadline: this.deadline?.signal, observe: (answer) => this.observations.push(answer) } });
    this.loopFrame = services.scopes.frame;
  }

  /**
   * Whether another step runs. `assigned` reads the variables the body assigns, part of what
   * `exit_when` is judged about. Starting a step runs the `before_step` hooks.
   */
  async next(assigned: () => Record<string, unknown>): Promise<boolean> {
    const { maxSteps, exitWhen, stepDelayMs } = this.settings;
    if (this.step > 0 && !this.stepFailed && exitWhen !== null && !this.timedOut) {
      const observed = { step: this.step, answers: this.observations, variables: assigned() };
      if (await this.services.holds(exitWhen, observed)) return this.end('exit_when_met');
    }
    if (this.step >= maxSteps) return this.end('max_steps');
    if (this.timedOut) return this.end('timeout');
    if (this.step > 0 && stepDelayMs > 0) {
      try {
        await sleep(stepDelayMs, this.deadline?.signal);
      } catch (error) {
        if (error instanceof LoopTimeout) return this.end('timeout');
        throw error;
      }
    }
    this.step += 1;
    this.stepFailed = false;
    this.observations = [];
    // Hooks a step declares last for that step only.
    this.services.scopes.leave(this.loopFrame);
    await this.services.hooks.fire('before_step');
    return true;
  }

  /** A step raised `error`: what the generated code does next (STEP_FAILURE). */
  async failed(error: unknown): Promise<StepFailureAction> {
    this.stepFailed = true;
    if (error instanceof Propagation || error instanceof ExitRequest) return STEP_FAILURE.raise;
    if (error instanceof LoopTimeout && this.deadline?.signal.reason === error) {
      this.end('timeout');
      return STEP_FAILURE.endLoop;
    }
    await this.services.hooks.failed(error);
    if (isVerificationFailure(error)) {
      this.unverified = error;
      return STEP_FAILURE.nextStep;
    }
    this.reason = 'error';
    return STEP_FAILURE.raise;
  }

  /** The step is over (also after `break` and `continue`): the `after_step` hooks run unless it failed. */
  async stepEnded(): Promise<void> {
    if (!this.stepFailed) {
      this.unverified = undefined;
      await this.services.hooks.fire('after_step');
    }
  }

  /** The loop is left, however: its settings end and its timer stops. */
  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.services.scopes.leave(this.saved);
    this.reason ??= 'break';
    this.services.trace(`autoloop at ${this.site} ended: ${this.reason} after ${this.step} step${this.step === 1 ? '' : 's'}`);
  }

  private get timedOut(): boolean {
    return this.deadline?.signal.aborted === true;
  }

  /** Ends the loop; a verification the last step failed is raised, since no step is left to correct it. */
  private end(reason: ExitReason): false {
    this.reason = reason;
    if (this.unverified !== undefined && reason !== 'exit_when_met') throw this.unverified;
    return false;
  }
}

function readSettings(options: Readonly<Record<string, unknown>>): Settings {
  const maxSteps = options['max_steps'] ?? AUTOLOOP_DEFAULT_MAX_STEPS;
  if (typeof maxSteps !== 'number' || !Number.isInteger(maxSteps) || maxSteps < 1) fail(`autoloop max_steps must be a whole number of at least 1, got ${describe(maxSteps)}`);
  const exitWhen = options['exit_when'] ?? null;
  return {
    maxSteps,
    exitWhen: exitWhen === null ? null : display(exitWhen),
    timeoutMs: options['timeout'] === undefined || options['timeout'] === null ? null : seconds('timeout', options['timeout']) * MS_PER_SECOND,
    stepDelayMs: options['step_delay'] === undefined || options['step_delay'] === null ? 0 : seconds('step_delay', options['step_delay']) * MS_PER_SECOND,
  };
}

function seconds(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(`autoloop ${option} must be a number of seconds, 0 or more, got ${describe(value)}`);
  return value;
}

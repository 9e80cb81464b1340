/**
 * An `agent` declaration as the generated code sees it: a named value whose `run` (or a direct
 * call, `Writer(x)`) asks the model through the agent library. The library's Agent is built on
 * the first call, so a program that declares agents but never runs one needs no secrets. An
 * agent's own contracts wrap each call: requires on the input, ensures on the answer. An agent
 * with `stream: true` and no protocol shows its answer on the program's stdout as it arrives.
 */
import { Agent, joinRunArguments } from '../agents/agent.js';
import type { AgentRuntime } from '../agents/runtime.js';
import type { AgentSpec, RunOptions } from '../agents/spec.js';
import type { Turn } from '../agents/memory.js';
import type { Runnable } from '../agents/pipeline.js';
import type { MemberSource } from '../core/member-source.js';
import { currentToolSignal } from '../infra/tool-signal.js';
import { fail } from '../core/script-error.js';
import type { StreamedOutput } from './streamed-output.js';
import type { Harness } from '../harness/harness.js';

/** A contract of the agent, checked around each call; `subject` is the input or the answer. */
export interface AgentContract {
  readonly clause: 'requires' | 'ensures' | 'invariant';
  check(subject: unknown): Promise<void>;
}

export class AgentHandle implements Runnable, MemberSource {
  private agent: Agent | undefined;
  private runFunction: ((...args: unknown[]) => Promise<unknown>) | undefined;

  constructor(
    readonly spec: AgentSpec,
    private readonly runtime: () => AgentRuntime,
    private readonly harness: Harness,
    private readonly contracts: readonly AgentContract[],
    /** Where a streaming agent's answer goes as it arrives; absent for other agents. */
    private readonly streamedOutput?: StreamedOutput,
  ) {}

  get name(): string {
    return this.spec.name;
  }

  async run(input: unknown, callerOptions?: RunOptions): Promise<unknown> {
    // Asked from inside a tool, the call ends with the tool: its timeout cancels this request too.
    const toolSignal = callerOptions?.signal === undefined ? currentToolSignal() : undefined;
    const caller = toolSignal === undefined ? callerOptions : { ...callerOptions, signal: toolSignal };
    // Awaited here, not returned, so a failure's async stack still reaches the .nx call (its place in reports).
    return await this.harness.agentCall(async ({ reflections, signal: loopSignal, window, summarize }) => {
      const signals = [caller?.signal, loopSignal].filter((signal) => signal !== undefined);
      const options: RunOptions = { ...caller, reflections, window, summarize, signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0] };
      for (const contract of this.contracts) if (contract.clause === 'requires') await contract.check(input);
      this.agent ??= new Agent(this.spec, this.runtime());
      const streamed = options.onDelta === undefined ? this.streamedOutput?.begin() : undefined;
      const answer = await this.agent.run(input, streamed === undefined ? options : { ...options, onDelta: (text) => streamed.write(text) });
      streamed?.finish();
      for (const contract of this.contracts) if (contract.clause !== 'requires') await contract.check(answer);
      return answer;
    });
  }

  /** What the agent remembers, for a harness `snapshot()`; undefined before its first call (nothing to roll back yet). */
  rememberedTurns(): readonly Turn[] | undefined {
    return this.agent?.rememberedTurns();
  }

  /** Puts back what `rememberedTurns` gave. */
  restoreTurns(turns: readonly Turn[]): void {
    this.agent?.restoreTurns(turns);
  }

  /** `A.run(a, b)` and `A(a, b)`: several arguments are joined into one input. */
  call(args: readonly unknown[]): Promise<unknown> {
    return this.run(args.length === 1 ? args[0] : joinRunArguments(args));
  }

  /**
   * `A.run` read as a value is a function bound to this agent, the same one each time, so
   * `f = A.run; f(x)` and `x |> A.run` ask the agent as `A.run(x)` does; `A.name` is its name.
   */
  loomMember(name: string): unknown {
    if (name === 'name') return this.spec.name;
    if (name !== 'run') return fail(`agent ${this.spec.name} has no field '${name}'; an agent offers 'run' and 'name'`);
    if (this.runFunction === undefined) {
      const run = (...args: unknown[]): Promise<unknown> => this.call(args);
      Object.defineProperty(run, 'name', { value: `${this.spec.name}.run` });
      this.runFunction = run;
    }
    return this.runFunction;
  }

  loomDisplay(): string {
    return `<agent ${this.spec.name}>`;
  }
}

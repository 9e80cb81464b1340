/**
 * The agent pipeline operators, for the generated code:
 *   `x >> A >> B`        → pipeline(x, [A, B])        each stage gets the previous answer
 *   `x |>> [A, B]`       → fanOut(x, [A, B])          all at once; the answers as a list
 *   `[r1, r2] &>> C`     → merge([r1, r2], C)         C gets the results joined by `---` lines
 *   `x || [A, B]`        → fireAndForget(x, [A, B], runtime.reportBackgroundError)
 *   `x && [A, B, C]`     → consensus(x, [A, B, C])    all at once; the majority answer
 * A failed stage is an E103 naming it, with the stage's own error as `cause`. In a fan-out the
 * first failure cancels the sibling calls. The caller's abort reason passes through unchanged.
 * In a `>>` pipeline each agent stage also receives what the stage before it handed on
 * (hand-off.ts); a stage that is not an agent hands nothing on.
 */
import { LoomError } from '../../errors.js';
import { inputText } from './agent.js';
import type { HandOff } from './hand-off.js';
import type { RunOptions } from './spec.js';

/** An agent, or anything else that answers like one (a flow wrapped by the generated code). */
export interface Runnable {
  readonly name: string;
  run(input: unknown, options?: RunOptions): Promise<unknown>;
}

export const MERGE_SEPARATOR = '\n---\n';

function stageError(description: string, stage: Runnable, error: unknown): LoomError {
  const reason = error instanceof Error ? error.message : String(error);
  return new LoomError('E103', `pipeline ${description} '${stage.name}' failed: ${reason}`, undefined, { cause: error });
}

export async function pipeline(input: unknown, stages: readonly Runnable[], options: RunOptions = {}): Promise<unknown> {
  let value = input;
  let upstream: HandOff | undefined;
  for (const [index, stage] of stages.entries()) {
    let handedOn: HandOff | undefined;
    try {
      value = await stage.run(value, { ...options, upstream, onHandOff: (handOff) => (handedOn = handOff) });
      upstream = handedOn;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw stageError(`stage ${index + 1}`, stage, error);
    }
  }
  return value;
}

export async function fanOut(input: unknown, agents: readonly Runnable[], options: RunOptions = {}): Promise<unknown[]> {
  const siblings = new AbortController();
  const signal = options.signal === undefined ? siblings.signal : AbortSignal.any([options.signal, siblings.signal]);
  return Promise.all(
    agents.map(async (agent) => {
      try {
        return await agent.run(input, { ...options, signal });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const failure = siblings.signal.aborted ? error : stageError('branch', agent, error);
        siblings.abort(failure);
        throw failure;
      }
    }),
  );
}

export async function merge(results: readonly unknown[], agent: Runnable, options: RunOptions = {}): Promise<unknown> {
  const joined = results.map(inputText).filter((text) => text !== '').join(MERGE_SEPARATOR);
  return pipeline(joined, [agent], options);
}

/** Starts every agent and returns at once; a failure is reported, since nobody awaits it. */
export function fireAndForget(input: unknown, agents: readonly Runnable[], report: (agent: string, error: unknown) => void): void {
  for (const agent of agents) {
    agent.run(input).catch((error: unknown) => report(agent.name, error));
  }
}

export interface Consensus {
  readonly answers: readonly unknown[];
  /** Whether more than half of the answers say the same (ignoring case, spacing and a final period). */
  readonly agreed: boolean;
  /** The majority answer, or null without a majority. */
  readonly answer: unknown;
}

function normalised(answer: unknown): string {
  return inputText(answer).trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.!]+$/, '');
}

export async function consensus(input: unknown, agents: readonly Runnable[], options: RunOptions = {}): Promise<Consensus> {
  const answers = await fanOut(input, agents, options);
  const tally = new Map<string, { count: number; first: unknown }>();
  for (const answer of answers) {
    const key = normalised(answer);
    const entry = tally.get(key) ?? { count: 0, first: answer };
    entry.count += 1;
    tally.set(key, entry);
  }
  const majority = [...tally.values()].find((entry) => entry.count * 2 > answers.length);
  return { answers, agreed: majority !== undefined, answer: majority?.first ?? null };
}

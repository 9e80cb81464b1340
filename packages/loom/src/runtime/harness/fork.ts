/**
 * `fork [a, b, c] merge S`: the branches run at the same time, and their results are merged.
 * A branch that fails drops out (its failure is traced); when every branch failed, E703 lists
 * why. Strategies (language/harness.ts): `best_of` (the weak model picks the best result; the
 * first when it cannot say), `vote` (the most frequent result, the earliest on a tie),
 * `weighted_average` (the mean of numbers, or of `{value, weight}` dicts weighted), `first`
 * (the first branch as written that succeeded) and `all` (every result, in order), which is
 * also what a fork without `merge` gives.
 */
import { LoomError } from '../../errors.js';
import { MERGE_STRATEGY_ALIASES } from '../../language/harness.js';
import type { MergeStrategy } from '../../language/harness.js';
import { fail } from '../core/script-error.js';
import { describe, display, isDict } from '../core/values.js';

export interface ForkServices {
  /** The index of the best candidate, or null when the weak model cannot say. */
  best(candidates: readonly unknown[]): Promise<number | null>;
  trace(line: string): void;
}

export async function runFork(branches: readonly (() => Promise<unknown>)[], strategy: string | null, services: ForkServices): Promise<unknown> {
  const outcomes = await Promise.allSettled(branches.map((branch) => branch()));
  const results: unknown[] = [];
  const failures: string[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') {
      results.push(outcome.value);
      return;
    }
    const reason = outcome.reason instanceof Error ? outcome.reason.message : display(outcome.reason);
    failures.push(`branch ${index + 1}: ${reason}`);
    services.trace(`fork branch ${index + 1} failed: ${reason}`);
  });
  if (results.length === 0) throw new LoomError('E703', `every fork branch failed: ${failures.join('; ')}`);
  return merge(results, strategy === null ? 'all' : MERGE_STRATEGY_ALIASES.get(strategy) ?? (strategy as MergeStrategy), services);
}

/**
 * `fork { ... } and { ... }`: the blocks run at the same time and the statement ends when every
 * one has ended. Unlike a branch of `fork [...]`, whose result can simply be left out of the
 * merge, a failed block would leave the variables it was to assign unset; so a failure is not
 * dropped: the first failing branch as written raises its error, once all have ended.
 */
export async function runForkBlocks(branches: readonly (() => Promise<void>)[], trace: (line: string) => void): Promise<void> {
  const outcomes = await Promise.allSettled(branches.map((branch) => branch()));
  const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
  if (failed === -1) return;
  const { reason } = outcomes[failed] as PromiseRejectedResult;
  trace(`fork branch ${failed + 1} failed: ${reason instanceof Error ? reason.message : display(reason)}`);
  throw reason;
}

async function merge(results: readonly unknown[], strategy: MergeStrategy, services: ForkServices): Promise<unknown> {
  switch (strategy) {
    case 'all':
      return [...results];
    case 'first':
      return results[0];
    case 'vote':
      return mostFrequent(results);
    case 'weighted_average':
      return weightedAverage(results);
    case 'best_of': {
      if (results.length === 1) return results[0];
      const chosen = await services.best(results);
      if (chosen === null) services.trace('fork merge best_of: the weak model named no candidate, so the first result is kept');
      return results[chosen ?? 0];
    }
  }
}

function mostFrequent(results: readonly unknown[]): unknown {
  const counts = new Map<string, { count: number; value: unknown }>();
  for (const value of results) {
    const key = display(value);
    const entry = counts.get(key);
    if (entry === undefined) counts.set(key, { count: 1, value });
    else entry.count += 1;
  }
  let winner: { count: number; value: unknown } | undefined;
  // Map keeps insertion order, so on a tie the earliest result wins.
  for (const entry of counts.values()) if (winner === undefined || entry.count > winner.count) winner = entry;
  return winner?.value ?? null;
}

function weightedAverage(results: readonly unknown[]): number {
  let total = 0;
  let weights = 0;
  results.forEach((result, index) => {
    const { value, weight } = weighted(result, index);
    total += value * weight;
    weights += weight;
  });
  return weights === 0 ? fail('fork merge weighted_average: the weights add up to 0') : total / weights;
}

function weighted(result: unknown, index: number): { value: number; weight: number } {
  if (typeof result === 'number') return { value: result, weight: 1 };
  if (isDict(result) && typeof result['value'] === 'number' && typeof result['weight'] === 'number') return { value: result['value'], weight: result['weight'] };
  return fail(`fork merge weighted_average needs numbers (or {value, weight} dicts), but branch result ${index + 1} is ${describe(result)}`);
}

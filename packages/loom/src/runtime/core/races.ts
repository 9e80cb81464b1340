/**
 * `parallel` and `race` over tasks of the program's scope. Both run every branch as a task,
 * so a branch's agent calls and HTTP requests stop when the branch is cancelled: `parallel`
 * keeps the order of its branches and, when one fails, cancels the others and raises that
 * failure; `race` answers the first success, cancels the others, and raises E703 only when
 * every branch has failed.
 */
import { LoomError } from '../../errors.js';
import { cancellation } from './tasks.js';
import type { Task, TaskScope } from './tasks.js';
import { display } from './values.js';

export async function runParallel(scope: TaskScope, branches: readonly (() => unknown)[]): Promise<unknown[]> {
  const tasks = branches.map((branch) => scope.spawn(branch));
  try {
    return await Promise.all(tasks.map((task) => task.result()));
  } catch (error) {
    for (const task of tasks) task.cancel(cancellation(`task #${task.id} was cancelled because another branch of parallel failed`));
    throw error;
  }
}

export async function runRace(scope: TaskScope, branches: readonly (() => unknown)[]): Promise<unknown> {
  if (branches.length === 0) throw new LoomError('E703', 'race needs at least one branch');
  const tasks = branches.map((branch) => scope.spawn(branch));
  try {
    return await Promise.any(tasks.map((task) => task.result()));
  } catch (error) {
    const failures = error instanceof AggregateError ? error.errors : [error];
    const reasons = failures.map((failure, index) => `branch ${index + 1}: ${display(failure)}`).join('; ');
    throw new LoomError('E703', `every branch of the race failed (${reasons})`);
  } finally {
    cancelLosers(tasks);
  }
}

function cancelLosers(tasks: readonly Task[]): void {
  for (const task of tasks) task.cancel(cancellation(`task #${task.id} was cancelled because another branch won the race`));
}

/**
 * One attempt of a job, the same for every queue backend: `perform` runs under an abort signal
 * of its own (carried like a task's, infra/tool-signal.ts), so when the job's timeout passes
 * its sleeps, agent calls, std.http and std.shell requests stop and the attempt ends at once
 * with EB02. Any other failure of the attempt is EB01 naming the job and the attempt; a job
 * that used its last attempt is EB03 (dead-lettered).
 */
import { LoomError } from '../../errors.js';
import { withCurrentJob } from '../infra/current-job.js';
import { withToolSignal } from '../infra/tool-signal.js';
import { performArguments } from './definition.js';
import type { JobDefinition } from './definition.js';
import type { JobRecord } from './store.js';

const ATTEMPT_ENDED = new LoomError('E701', 'the job attempt that started this work has ended');

function label(definition: JobDefinition, job: Pick<JobRecord, 'id'>): string {
  return `job ${definition.name} (${job.id})`;
}

export function attemptTimedOut(definition: JobDefinition, job: Pick<JobRecord, 'id'>, attempt: number): LoomError {
  return new LoomError('EB02', `${label(definition, job)} timed out after ${definition.timeoutMs / 1000} s on attempt ${attempt} of ${definition.maxAttempts}; its work was stopped`);
}

export function attemptFailed(definition: JobDefinition, job: Pick<JobRecord, 'id'>, attempt: number, cause: unknown): LoomError {
  const reason = cause instanceof LoomError ? `${cause.code} ${cause.message}` : cause instanceof Error ? cause.message : String(cause);
  return new LoomError('EB01', `${label(definition, job)} failed on attempt ${attempt} of ${definition.maxAttempts}: ${reason}`, undefined, { cause });
}

/** A job that used all its attempts and went to the dead-letter queue; `last` is how its last attempt failed. */
export function deadLettered(name: string, id: string, attempts: number, last: string | null): LoomError {
  return new LoomError('EB03', `job ${name} (${id}) was dead-lettered after ${attempts} attempt${attempts === 1 ? '' : 's'}${last === null ? '' : `; last: ${last}`}`);
}

/** `EB02: message`, as a job's last error is kept in the queue. */
export function describeFailure(error: Error): string {
  return error instanceof LoomError ? `${error.code}: ${error.message}` : error.message;
}

/** Runs attempt `attempt` of `job`; resolves when it completed, rejects with EB01 or EB02. */
export async function runAttempt(definition: JobDefinition, job: JobRecord, attempt: number): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(attemptTimedOut(definition, job, attempt)), definition.timeoutMs);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(controller.signal.reason);
    controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  const current = { id: job.id, attempt, job: definition.name, queue: job.queue };
  const work = Promise.resolve().then(() => withCurrentJob(current, () => withToolSignal(controller.signal, () => definition.perform(...performArguments(definition, job.args)))));
  // Work that goes on after a timeout has no one to report to.
  work.catch(() => undefined);
  try {
    await Promise.race([work, aborted]);
  } catch (error) {
    if (controller.signal.aborted && error === controller.signal.reason) throw error;
    throw attemptFailed(definition, job, attempt, error);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) controller.signal.removeEventListener('abort', onAbort);
    // Whatever the attempt started and left running stops with it. One shared reason: an error
    // made per attempt would capture a stack each time, a cost a busy worker feels.
    if (!controller.signal.aborted) controller.abort(ATTEMPT_ENDED);
  }
}

/**
 * The `on_failure` of a job that used its last attempt. Two or more parameters take
 * `(error, attempt)` (the error as its message: the failure's own for EB01, the EB02 text for a
 * timeout); one takes a dict describing the job
 * (`id`, `job`, `queue`, `args`, `error`, `attempt`), as the docs' `on_failure: log_failure`
 * flow reads `job_info.id`. Its own failure is returned for the caller to report: it must
 * not stop the job from being dead-lettered.
 */
export async function runOnFailure(definition: JobDefinition, job: JobRecord, attempt: number, error: Error): Promise<unknown> {
  if (definition.onFailure === undefined) return undefined;
  // The reason, not the EB01 wrapping that names the job and attempt the handler already knows.
  const message = error instanceof LoomError && error.code === 'EB01' && error.cause instanceof Error ? error.cause.message : describeFailure(error);
  const info = { id: job.id, job: job.name, queue: job.queue, args: job.args, error: message, attempt };
  const args = definition.onFailureParameters.length >= 2 ? [message, attempt, info] : [info];
  try {
    await definition.onFailure(...args.slice(0, Math.max(definition.onFailureParameters.length, 1)));
    return undefined;
  } catch (failure) {
    return failure;
  }
}

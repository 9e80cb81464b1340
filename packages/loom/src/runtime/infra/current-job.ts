/**
 * The job attempt the running code belongs to, for `current_job()`. It travels with the
 * attempt's asynchronous work (AsyncLocalStorage), as the attempt's abort signal does
 * (tool-signal.ts): `perform`, a `handler:` flow and every flow they call can read it without
 * a parameter, so the job id is there to make effects idempotent, as the reference advises.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CurrentJob {
  readonly id: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The job's declared name. */
  readonly job: string;
  readonly queue: string;
}

const currentJobStore = new AsyncLocalStorage<CurrentJob>();

/** Runs `work` as part of the attempt `job`. */
export function withCurrentJob<T>(job: CurrentJob, work: () => T): T {
  return currentJobStore.run(job, work);
}

/** The attempt the running code belongs to; none outside a job. */
export function currentJob(): CurrentJob | undefined {
  return currentJobStore.getStore();
}

import { RecogniserBusy } from '../errors.js';

/**
 * Runs tasks one at a time, in order, holding at most `maxWaiting` behind the running one: a
 * burst beyond that is refused (RecogniserBusy) at once instead of queueing audio without bound.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #queued = 0;

  constructor(
    private readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  /** Tasks running or waiting. */
  get size(): number {
    return this.#queued;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#queued > this.maxWaiting) return Promise.reject(new RecogniserBusy(this.busyMessage));
    this.#queued++;
    const result = this.#tail.then(task);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    ).finally(() => this.#queued--);
    return result;
  }
}

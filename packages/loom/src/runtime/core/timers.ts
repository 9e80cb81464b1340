/**
 * `after(delay, f)` and `schedule(interval, f)`: `f` runs as a task of the program's scope
 * once after the delay, or every interval until `cancel_schedule`. A run of a schedule does
 * not overlap the previous one: the next interval starts when a run has ended. Both stop when
 * the program ends.
 */
import type { TaskScope, Stoppable } from './tasks.js';

export class TimerHandle implements Stoppable {
  readonly id: number;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private runs = 0;

  constructor(
    private readonly scope: TaskScope,
    private readonly delayMs: number,
    private readonly repeats: boolean,
    private readonly work: () => unknown,
  ) {
    this.id = scope.numberResource();
    scope.track(this);
    this.arm();
  }

  private arm(): void {
    this.timer = setTimeout(() => {
      this.runs += 1;
      const task = this.scope.spawn(this.work);
      if (!this.repeats) {
        this.scope.untrack(this);
        return;
      }
      void task.settled.then(() => {
        if (!this.stopped) this.arm();
      });
    }, this.delayMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.scope.untrack(this);
  }

  loomDisplay(): string {
    return `${this.repeats ? 'Schedule' : 'Timer'}(#${this.id}, ${this.runs} runs${this.stopped ? ', cancelled' : ''})`;
  }
}

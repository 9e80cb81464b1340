import type { EventPublisher } from '../../platform/events.js';
import type { ModelEvents } from './events.js';
import type { ModelInstallationEvent } from './schemas.js';

/**
 * `model.installation` frames, at most one per interval per model. A change inside the
 * interval is not lost: one trailing frame carries the latest record when the interval ends,
 * so the last frame a client sees is always the current state.
 */
export class InstallationEvents {
  private readonly lastSentMs = new Map<string, number>();
  private readonly trailing = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly hub: EventPublisher<ModelEvents>,
    private readonly intervalMs: number,
    private readonly current: (modelId: string) => ModelInstallationEvent,
  ) {}

  changed(modelId: string): void {
    if (this.closed || this.trailing.has(modelId)) return;
    const waitMs = (this.lastSentMs.get(modelId) ?? -Infinity) + this.intervalMs - Date.now();
    if (waitMs <= 0) return this.send(modelId);
    this.trailing.set(modelId, setTimeout(() => {
      this.trailing.delete(modelId);
      this.send(modelId);
    }, waitMs));
  }

  /** After a shutdown nothing more is sent (the database behind the records is closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.trailing.values()) clearTimeout(timer);
    this.trailing.clear();
  }

  private send(modelId: string): void {
    this.lastSentMs.set(modelId, Date.now());
    this.hub.publish('model.installation', null, this.current(modelId));
  }
}

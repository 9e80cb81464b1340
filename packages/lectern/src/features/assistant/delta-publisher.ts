import { codePointCount } from '../../answer-engine/text/surrogates.js';
import type { EventPublisher } from '../../platform/events.js';
import type { AssistantEvents } from './events.js';

/**
 * Streams a task's answer as `assistant.delta` frames. The first chunk goes out at once (it
 * sets the user-visible first-token time); later chunks arriving faster than the flush
 * interval are merged, so a fast engine cannot flood the replay ring. Offsets count Unicode
 * code points, matching how a UI indexes the text it has shown.
 */
export class DeltaPublisher {
  private pending = '';
  private publishedCodePoints = 0;
  private timer: NodeJS.Timeout | null = null;
  private firstTokenMs: number | null = null;

  constructor(
    private readonly hub: EventPublisher<AssistantEvents>,
    private readonly taskId: string,
    private readonly sessionId: string,
    private readonly flushIntervalMs: number,
  ) {}

  push(text: string, firstTokenMs: number): void {
    if (text.length === 0) return;
    this.firstTokenMs ??= firstTokenMs;
    this.pending += text;
    if (this.timer === null) {
      this.flush();
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.pending.length > 0) this.flush();
      }, this.flushIntervalMs);
    }
  }

  /** Sends whatever is buffered; call before announcing the end of the task. */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length > 0) this.flush();
  }

  /** Drops buffered text without sending it (the task was cancelled). */
  discard(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = '';
  }

  private flush(): void {
    const text = this.pending;
    this.pending = '';
    this.hub.publish('assistant.delta', this.sessionId, {
      id: this.taskId,
      text,
      offset: this.publishedCodePoints,
      first_token_ms: this.firstTokenMs,
    });
    this.publishedCodePoints += codePointCount(text);
  }
}

import type { WebSocket } from 'ws';
import type { SerialisedFrame } from '../../platform/events.js';
import { stringBytes } from '../../platform/memory-size.js';
import { resyncFrame } from './frames.js';

export interface ClientQueueLimits {
  maxFrames: number;
  maxBytes: number;
}

/**
 * The outbound queue of one WebSocket client. One frame is in flight at a time; frames that
 * arrive meanwhile wait here. If the client reads too slowly and the queue passes its limits
 * (frames or bytes), the queue is cleared and replaced by `resync_required`: memory stays
 * bounded and the publisher never waits for any client.
 */
export class ClientQueue {
  private readonly pending: string[] = [];
  /** The estimated bytes of each pending text, in step with `pending`. */
  private readonly pendingSizes: number[] = [];
  private pendingBytes = 0;
  private inFlight = false;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly limits: ClientQueueLimits,
  ) {}

  push(serialised: SerialisedFrame): void {
    if (this.closed) return;
    if (this.pending.length >= this.limits.maxFrames || this.pendingBytes + serialised.bytes > this.limits.maxBytes) {
      this.clear();
      const resync = resyncFrame(serialised.seq, 'client_too_slow');
      this.enqueue(resync, stringBytes(resync));
      return;
    }
    this.enqueue(serialised.json, serialised.bytes);
    this.drain();
  }

  pushText(text: string): void {
    if (this.closed) return;
    this.enqueue(text, stringBytes(text));
    this.drain();
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  private clear(): void {
    this.pending.length = 0;
    this.pendingSizes.length = 0;
    this.pendingBytes = 0;
  }

  private enqueue(text: string, bytes: number): void {
    this.pending.push(text);
    this.pendingSizes.push(bytes);
    this.pendingBytes += bytes;
  }

  private drain(): void {
    if (this.inFlight || this.closed) return;
    const next = this.pending.shift();
    if (next === undefined) return;
    this.pendingBytes -= this.pendingSizes.shift() ?? 0;
    this.inFlight = true;
    this.socket.send(next, (error) => {
      this.inFlight = false;
      if (error) {
        this.close();
        return;
      }
      this.drain();
    });
  }
}

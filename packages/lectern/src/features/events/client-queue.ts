import type { WebSocket } from 'ws';
import type { PublishedFrame } from '../../platform/events.js';
import { resyncFrame } from './frames.js';

/**
 * The outbound queue of one WebSocket client. One frame is in flight at a time; frames that
 * arrive meanwhile wait here. If the client reads too slowly and the queue passes its limit,
 * the queue is cleared and replaced by `resync_required`: memory stays bounded and the
 * publisher never waits for any client.
 */
export class ClientQueue {
  private readonly pending: string[] = [];
  private inFlight = false;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly maxFrames: number,
  ) {}

  push(published: PublishedFrame): void {
    if (this.closed) return;
    if (this.pending.length >= this.maxFrames) {
      this.pending.length = 0;
      this.pending.push(resyncFrame(published.frame.seq, 'client_too_slow'));
      return;
    }
    this.pending.push(published.json);
    this.drain();
  }

  pushText(text: string): void {
    if (this.closed) return;
    this.pending.push(text);
    this.drain();
  }

  close(): void {
    this.closed = true;
    this.pending.length = 0;
  }

  private drain(): void {
    if (this.inFlight || this.closed) return;
    const next = this.pending.shift();
    if (next === undefined) return;
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

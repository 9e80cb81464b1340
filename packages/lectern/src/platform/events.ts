import { events as limits } from '../config.js';

/** A frame as sent to WebSocket clients. `seq` is a per-process monotonic counter. */
export interface EventFrame {
  type: string;
  seq: number;
  session_id: string | null;
  data: unknown;
}

/** What a subscriber receives: the frame and its JSON text, serialised once for every client. */
export interface PublishedFrame {
  frame: EventFrame;
  json: string;
}

export type Listener = (published: PublishedFrame) => void;

/**
 * The events bus. Features publish here (never into each other); the WebSocket route
 * subscribes. Recent frames stay in a ring buffer so a reconnecting client can replay what
 * it missed.
 */
export class EventHub {
  private lastSeq = 0;
  private readonly ring: (PublishedFrame | undefined)[];
  private readonly listeners = new Set<Listener>();

  constructor(private readonly ringCapacity: number = limits.ringCapacityFrames) {
    this.ring = new Array<PublishedFrame | undefined>(ringCapacity);
  }

  get seq(): number {
    return this.lastSeq;
  }

  publish(type: string, sessionId: string | null, data: unknown): EventFrame {
    const frame: EventFrame = { type, seq: ++this.lastSeq, session_id: sessionId, data };
    const published: PublishedFrame = { frame, json: JSON.stringify(frame) };
    this.ring[frame.seq % this.ringCapacity] = published;
    for (const listener of this.listeners) listener(published);
    return frame;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Frames after `afterSeq`, oldest first, or `null` when the ring no longer holds
   * `afterSeq + 1` (or `afterSeq` is from the future, e.g. a previous process).
   */
  replayAfter(afterSeq: number): PublishedFrame[] | null {
    if (!Number.isInteger(afterSeq) || afterSeq < 0 || afterSeq > this.lastSeq) return null;
    const oldestHeld = Math.max(1, this.lastSeq - this.ringCapacity + 1);
    if (afterSeq + 1 < oldestHeld) return null;
    const frames: PublishedFrame[] = [];
    for (let seq = afterSeq + 1; seq <= this.lastSeq; seq++) {
      const held = this.ring[seq % this.ringCapacity];
      if (held === undefined || held.frame.seq !== seq) return null;
      frames.push(held);
    }
    return frames;
  }
}

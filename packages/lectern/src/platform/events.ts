import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { events as limits, memory } from '../config.js';
import type { AfterCommit } from './commit-callbacks.js';
import { stringBytes } from './memory-size.js';

/** One kind of frame: the schema of its `data` and what it means, for the API documents. */
export interface EventDefinition {
  data: TSchema;
  description: string;
}

/**
 * Frames by name. Each feature declares the frames it publishes (features/<name>/events.ts);
 * the app combines them into the bus's catalogue, which types the hub and lists the frames in
 * the API documents, so code and documentation cannot drift apart. The platform knows none of
 * them.
 */
export type EventCatalogue = Readonly<Record<string, EventDefinition>>;

export type EventName<Catalogue extends EventCatalogue> = keyof Catalogue & string;
export type EventData<Catalogue extends EventCatalogue, Name extends EventName<Catalogue>> = Static<Catalogue[Name]['data']>;

/** A frame as sent to WebSocket clients. `seq` is a per-process monotonic counter. */
export type EventFrame<Catalogue extends EventCatalogue, Name extends EventName<Catalogue> = EventName<Catalogue>> = {
  [Type in Name]: { type: Type; seq: number; session_id: string | null; data: EventData<Catalogue, Type> };
}[Name];

/**
 * A payload that is one of the shared resources (Session, Entry, ...): a `$ref` to the schema
 * registered under `id` with Fastify, typed as `T`.
 */
export const resource = <T>(id: string) => Type.Unsafe<T>(Type.Ref(id));

type Combined<Parts extends readonly EventCatalogue[]> = Parts extends readonly [infer First, ...infer Rest extends readonly EventCatalogue[]]
  ? First & Combined<Rest>
  : unknown;

/** The features' catalogues as one, in the order given; two features declaring one name is a startup error. */
export function combineCatalogues<Parts extends readonly EventCatalogue[]>(...parts: Parts): Combined<Parts> {
  const combined: Record<string, EventDefinition> = {};
  for (const part of parts) {
    for (const [name, definition] of Object.entries(part)) {
      if (name in combined) throw new Error(`The event ${name} is declared twice`);
      combined[name] = definition;
    }
  }
  return combined as Combined<Parts>;
}

/** What a feature that publishes needs of the bus: its own frames, typed by its catalogue. */
export interface EventPublisher<Catalogue extends EventCatalogue> {
  publish<Name extends EventName<Catalogue>>(type: Name, sessionId: string | null, data: EventData<Catalogue, Name>): void;
}

/** What a feature that follows another's frames needs of the bus: the frames of one name. */
export interface EventListeners<Catalogue extends EventCatalogue> {
  on<Name extends EventName<Catalogue>>(type: Name, listener: (frame: EventFrame<Catalogue, Name>) => void): () => void;
}

/** What a transport needs of the bus: every frame as text, whatever its name, and the replay ring. */
export interface FrameFeed {
  readonly seq: number;
  subscribe(listener: (serialised: SerialisedFrame) => void): () => void;
  replayAfter(afterSeq: number): SerialisedFrame[] | null;
}

/** A frame as it goes out: its seq, its JSON text, serialised once for every client, and what that text costs in memory. */
export interface SerialisedFrame {
  seq: number;
  json: string;
  bytes: number;
}

/** What a subscriber receives: the serialised frame and the frame itself. */
export interface PublishedFrame<Catalogue extends EventCatalogue> extends SerialisedFrame {
  frame: EventFrame<Catalogue>;
}

export type Listener<Catalogue extends EventCatalogue> = (published: PublishedFrame<Catalogue>) => void;

export interface RingLimits {
  capacityFrames: number;
  maxBytes: number;
}

/**
 * The events bus. Features publish here (never into each other); the WebSocket route
 * subscribes. A frame reports a write, so it leaves only once the database has committed the
 * transaction it was published in (at once outside one), and never if that rolls back:
 * publishing inside a transaction is always safe. Recent frames stay in a ring buffer so a
 * reconnecting client can replay what it missed: the last `capacityFrames`, fewer when those
 * would pass `maxBytes` of JSON. Only the JSON text is kept, not the payload objects behind it.
 */
export class EventHub<Catalogue extends EventCatalogue> implements EventPublisher<Catalogue>, EventListeners<Catalogue>, FrameFeed {
  private lastSeq = 0;
  /** The oldest seq still held; the ring holds every frame from it to `lastSeq`. */
  private oldestHeldSeq = 1;
  private heldBytes = 0;
  private readonly ring: (SerialisedFrame | undefined)[];
  private readonly listeners = new Set<Listener<Catalogue>>();
  private readonly limits: RingLimits;

  constructor(
    private readonly database: AfterCommit,
    ringLimits: Partial<RingLimits> = {},
  ) {
    this.limits = { capacityFrames: limits.ringCapacityFrames, maxBytes: memory.replayRingMaxBytes, ...ringLimits };
    this.ring = new Array<SerialisedFrame | undefined>(this.limits.capacityFrames);
  }

  get seq(): number {
    return this.lastSeq;
  }

  /** Sends the frame once the current transaction, if any, has committed; its `seq` is given then, so seqs follow the order frames leave in. */
  publish<Name extends EventName<Catalogue>>(type: Name, sessionId: string | null, data: EventData<Catalogue, Name>): void {
    this.database.afterCommit(() => this.send(type, sessionId, data));
  }

  private send<Name extends EventName<Catalogue>>(type: Name, sessionId: string | null, data: EventData<Catalogue, Name>): void {
    // The signature ties `data` to `type`; TypeScript cannot carry that link through a generic
    // object literal into the union, hence the assertion.
    const frame = { type, seq: ++this.lastSeq, session_id: sessionId, data } as EventFrame<Catalogue>;
    const json = JSON.stringify(frame);
    const published: PublishedFrame<Catalogue> = { frame, seq: frame.seq, json, bytes: stringBytes(json) };
    this.hold({ seq: published.seq, json, bytes: published.bytes });
    for (const listener of this.listeners) listener(published);
  }

  private hold(serialised: SerialisedFrame): void {
    const { capacityFrames, maxBytes } = this.limits;
    // The frame `capacityFrames` back leaves first: its slot is the one reused.
    while (this.oldestHeldSeq <= serialised.seq - capacityFrames) this.dropOldest();
    this.ring[serialised.seq % capacityFrames] = serialised;
    this.heldBytes += serialised.bytes;
    // The newest frame always stays, however large: a client that just missed it can replay it.
    while (this.heldBytes > maxBytes && this.oldestHeldSeq < serialised.seq) this.dropOldest();
  }

  private dropOldest(): void {
    const slot = this.oldestHeldSeq % this.limits.capacityFrames;
    const oldest = this.ring[slot];
    if (oldest?.seq === this.oldestHeldSeq) {
      this.heldBytes -= oldest.bytes;
      this.ring[slot] = undefined;
    }
    this.oldestHeldSeq++;
  }

  /** Every frame, as it leaves. */
  subscribe(listener: Listener<Catalogue>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<Name extends EventName<Catalogue>>(type: Name, listener: (frame: EventFrame<Catalogue, Name>) => void): () => void {
    return this.subscribe(({ frame }) => {
      // A frame's `type` names its payload: this one is an EventFrame<Catalogue, Name>.
      if (frame.type === type) listener(frame as EventFrame<Catalogue, Name>);
    });
  }

  /**
   * Frames after `afterSeq`, oldest first, or `null` when the ring no longer holds
   * `afterSeq + 1` (or `afterSeq` is from the future, e.g. a previous process).
   */
  replayAfter(afterSeq: number): SerialisedFrame[] | null {
    if (!Number.isInteger(afterSeq) || afterSeq < 0 || afterSeq > this.lastSeq) return null;
    if (afterSeq + 1 < this.oldestHeldSeq) return null;
    const frames: SerialisedFrame[] = [];
    for (let seq = afterSeq + 1; seq <= this.lastSeq; seq++) {
      const held = this.ring[seq % this.limits.capacityFrames];
      if (held === undefined || held.seq !== seq) return null;
      frames.push(held);
    }
    return frames;
  }
}

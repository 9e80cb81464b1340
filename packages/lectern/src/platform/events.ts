import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { events as limits, memory } from '../config.js';
import type { AfterCommit } from './commit-callbacks.js';
import { stringBytes } from './memory-size.js';
import type { Task } from '../features/assistant/schemas.js';
import type { Entry } from '../features/entries/schemas.js';
import type { Model, ModelRuntime } from '../features/models/schemas.js';
import type { MaterialSummary } from '../features/materials/schemas.js';
import type { Note } from '../features/notes/schemas.js';
import type { Session } from '../features/sessions/schemas.js';
import type { Settings } from '../features/settings/schemas.js';

/** One kind of frame: the schema of its `data` and what it means, for the API documents. */
export interface EventDefinition {
  data: TSchema;
  description: string;
}

/**
 * A payload that is one of the shared resources (Session, Entry, ...). The schema is a `$ref`
 * to the id the features register with Fastify, and only the TypeScript type is imported: at
 * run time the bus depends on nothing above the platform.
 */
const resource = <T>(id: string) => Type.Unsafe<T>(Type.Ref(id));

const nullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/**
 * Every event features publish on the bus, with its payload. `publish` accepts exactly these
 * types and payloads, subscribers receive them typed, and the OpenAPI document lists them from
 * here, so code and documentation cannot drift apart.
 */
export const busEvents = {
  session: {
    data: resource<Session>('Session'),
    description: 'A session was created or changed status (the whole session).',
  },
  transcript: {
    data: resource<Entry>('Entry'),
    description: 'A new entry (never sent for an idempotent replay).',
  },
  alert: {
    data: Type.Object({
      entry_id: Type.Integer(),
      level: Type.Union([Type.Literal('danger'), Type.Literal('warning')]),
      keywords: Type.Array(Type.String()),
      text: Type.String(),
    }),
    description: 'A new entry matched an alert keyword; follows its transcript event, at most one per entry.',
  },
  'assistant.progress': {
    data: Type.Object({ id: Type.String(), kind: Type.String(), stage: Type.String(), done: Type.Integer(), total: Type.Integer() }),
    description: 'A task moved to another stage.',
  },
  'assistant.delta': {
    data: Type.Object({
      id: Type.String(),
      text: Type.String(),
      offset: Type.Integer({ description: 'In Unicode code points' }),
      first_token_ms: nullableInteger,
    }),
    description: "The next piece of a task's answer; the deltas of a task concatenate to its final markdown.",
  },
  'assistant.finished': {
    data: resource<Task>('Task'),
    description: 'A task completed, failed or was cancelled (the task record).',
  },
  'summary.created': {
    data: resource<Note>('Note'),
    description: 'A completed summary wrote its note.',
  },
  summary_deferred: {
    data: Type.Object({ session_id: Type.String(), reason: Type.String() }),
    description: 'The auto-summary after a stop was not started because the task limits were reached or the database could not take the task (a full disk: the reason says which).',
  },
  'model.installation': {
    data: Type.Object({ model: resource<Model>('Model'), rate_bytes_per_second: Type.Integer() }),
    description: 'An installation moved on (at most 10 frames a second per model; the last one carries the current state): the model record and the transfer rate.',
  },
  'models.runtime': {
    data: resource<ModelRuntime>('ModelRuntime'),
    description: 'An engine changed state (cold, warming, ready, failed): the whole runtime status, as GET /models/runtime answers.',
  },
  'material.created': {
    data: resource<MaterialSummary>('MaterialSummary'),
    description: 'A material was uploaded or imported (the record without its text).',
  },
  'audio.level': {
    data: Type.Object({ peak: Type.Number({ minimum: 0, maximum: 1, description: 'Loudest sample since the previous frame, 0..1 of full scale' }) }),
    description: 'Microphone classes: the input level, at most 10 frames a second while audio arrives.',
  },
  'audio.partial': {
    data: Type.Object({ text: Type.String() }),
    description: 'Microphone classes: the text so far of a long speech segment still in progress (not an entry; the entry follows when the segment ends).',
  },
  'audio.error': {
    data: Type.Object({ code: Type.String(), message: Type.String() }),
    description: 'Microphone classes: capture or recognition failed (code as in the error table: device_unavailable, model_unavailable); the session goes to `error`.',
  },
  'audio.stopping': {
    data: Type.Object({}),
    description: 'Microphone classes: the class is stopping; the last speech segment is being transcribed.',
  },
  'settings.updated': {
    data: resource<Settings>('Settings'),
    description: 'The settings changed (the full settings).',
  },
} satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof busEvents;
export type EventData<Type extends EventType> = Static<(typeof busEvents)[Type]['data']>;

/** A frame as sent to WebSocket clients. `seq` is a per-process monotonic counter. */
export type EventFrame = {
  [Type in EventType]: { type: Type; seq: number; session_id: string | null; data: EventData<Type> };
}[EventType];

/** A frame as it goes out: its seq, its JSON text, serialised once for every client, and what that text costs in memory. */
export interface SerialisedFrame {
  seq: number;
  json: string;
  bytes: number;
}

/** What a subscriber receives: the serialised frame and the frame itself. */
export interface PublishedFrame extends SerialisedFrame {
  frame: EventFrame;
}

export type Listener = (published: PublishedFrame) => void;

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
export class EventHub {
  private lastSeq = 0;
  /** The oldest seq still held; the ring holds every frame from it to `lastSeq`. */
  private oldestHeldSeq = 1;
  private heldBytes = 0;
  private readonly ring: (SerialisedFrame | undefined)[];
  private readonly listeners = new Set<Listener>();
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
  publish<Type extends EventType>(type: Type, sessionId: string | null, data: EventData<Type>): void {
    this.database.afterCommit(() => this.send(type, sessionId, data));
  }

  private send<Type extends EventType>(type: Type, sessionId: string | null, data: EventData<Type>): void {
    // The signature ties `data` to `type`; TypeScript cannot carry that link through a generic
    // object literal into the union, hence the assertion.
    const frame = { type, seq: ++this.lastSeq, session_id: sessionId, data } as EventFrame;
    const json = JSON.stringify(frame);
    const published: PublishedFrame = { frame, seq: frame.seq, json, bytes: stringBytes(json) };
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

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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

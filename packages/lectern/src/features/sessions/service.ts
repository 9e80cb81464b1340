import { randomUUID } from 'node:crypto';
import { defaults } from '../../config.js';
import { ApiError, invalidState, notFound } from '../../platform/errors.js';
import type { EventPublisher } from '../../platform/events.js';
import type { SessionEvents } from './events.js';
import type { Session, SessionSource, SessionStatus } from './schemas.js';
import type { SessionStore, SessionsPageRows } from './store.js';

export interface CreateSession {
  course_name?: string;
  source?: Exclude<SessionSource, 'import'>;
  material_id?: string | null;
}

/** Starts device capture for a microphone session; absent when this instance has no capture. */
export type CaptureStarter = (session: Session) => Promise<void>;

const writableStatuses: ReadonlySet<SessionStatus> = new Set(['starting', 'recording']);
/** Where a class goes when it pauses or stops: the speech it heard up to then still belongs to it. */
const drainableStatuses: ReadonlySet<SessionStatus> = new Set(['paused', 'stopped']);

/** What an entry is, for the one rule of when a class takes it (`acceptsEntries`). */
export interface EntryArrival {
  /**
   * The last microphone segment of a pause or stop, transcribed after the class left
   * `recording`: it was spoken in the class, so a paused or stopped class still takes it.
   */
  drain?: boolean;
}

/** The session state machine: starting → recording ⇄ paused → stopped; interrupted and error at the edges. */
export function createSessionService(store: SessionStore, hub: EventPublisher<SessionEvents>, startCapture?: CaptureStarter) {
  const now = () => new Date().toISOString();

  function publish(session: Session): Session {
    hub.publish('session', session.id, session);
    return session;
  }

  function require(id: string): Session {
    const session = store.get(id);
    if (!session) throw notFound('Session');
    return session;
  }

  function transition(session: Session, status: SessionStatus, endedAt: string | null = null): Session {
    store.setStatus(session.id, status, endedAt);
    return publish({ ...session, status, ended_at: endedAt });
  }

  return {
    get: require,

    current(): Session | undefined {
      return store.current();
    },

    page(limit: number, before: string | undefined): SessionsPageRows {
      return store.page(limit, before === undefined ? undefined : Number(before));
    },

    async create(input: CreateSession): Promise<Session> {
      if (input.material_id != null && !store.materialExists(input.material_id)) throw notFound('Material');
      if (store.current()) throw invalidState('Another class is already in progress; stop it first');
      const source = input.source ?? 'text';
      const courseName = input.course_name?.trim() || defaults.courseName;
      const isMicrophone = source === 'microphone';
      const session: Session = {
        id: randomUUID(),
        course_name: courseName,
        source,
        material_id: input.material_id ?? null,
        status: isMicrophone ? 'starting' : 'recording',
        created_at: now(),
        ended_at: null,
        entry_count: 0,
      };
      store.insert(session);
      publish(session);
      if (!isMicrophone) return session;
      if (!startCapture) {
        transition(session, 'error');
        throw new ApiError('device_unavailable', 'This instance has no audio capture; post audio clips or text instead');
      }
      try {
        await startCapture(session);
      } catch (error) {
        // A stop (or pause) that arrived while the device was opening stands: only a class still
        // starting falls to `error`, so a stopped class is never made current again.
        const current = store.get(session.id) ?? session;
        if (current.status === 'starting') transition(current, 'error');
        if (error instanceof ApiError) throw error;
        throw new ApiError('device_unavailable', 'The microphone could not be started');
      }
      const started = store.get(session.id) ?? session;
      // The class changed while the device was opening (stopped or paused by another request):
      // keep that status, and announce it again so the capture, running only now, follows it.
      if (started.status !== 'starting') return publish(started);
      return transition(started, 'recording');
    },

    pause(id: string): Session {
      const session = require(id);
      if (session.status === 'paused') return session;
      if (!writableStatuses.has(session.status)) throw invalidState(`A ${session.status} class cannot be paused`);
      return transition(session, 'paused');
    },

    resume(id: string): Session {
      const session = require(id);
      if (session.status === 'recording') return session;
      if (session.status !== 'paused') throw invalidState(`A ${session.status} class cannot be resumed`);
      return transition(session, 'recording');
    },

    /** `stoppedNow` is false for a repeated stop, which changes nothing. */
    stop(id: string): { session: Session; stoppedNow: boolean } {
      const session = require(id);
      if (session.status === 'stopped') return { session, stoppedNow: false };
      if (session.status === 'interrupted') throw invalidState('An interrupted class is already final');
      return { session: transition(session, 'stopped', now()), stoppedNow: true };
    },

    /**
     * Capture or recognition of a microphone class failed after it started: the class stays
     * current in `error` until stopped (the failure itself goes out as `audio.error`).
     */
    fail(id: string): Session | undefined {
      const session = store.get(id);
      if (!session || session.status === 'stopped' || session.status === 'interrupted' || session.status === 'error') return session;
      return transition(session, 'error');
    },

    /** At boot: nothing can still be recording, so every unfinished session was interrupted. */
    interruptUnfinished(): number {
      return store.interruptUnfinished(now());
    },

    /** `PATCH /sessions/{id}`: the course material the assistant grounds its answers in, or null for none. */
    setMaterial(id: string, materialId: string | null): Session {
      const session = require(id);
      if (materialId !== null && !store.materialExists(materialId)) throw notFound('Material');
      if (session.material_id === materialId) return session;
      store.setMaterial(id, materialId);
      return publish({ ...session, material_id: materialId });
    },

    /**
     * A finished class carried over from Lectern 1.x (`source: "import"`, stopped). Synchronous,
     * so the legacy import can run it inside its one transaction; no event (nothing is live).
     */
    insertImported(input: { course_name: string; created_at: string; ended_at: string }): Session {
      const session: Session = {
        id: randomUUID(),
        course_name: input.course_name.trim() || defaults.courseName,
        source: 'import',
        material_id: null,
        status: 'stopped',
        created_at: input.created_at,
        ended_at: input.ended_at,
        entry_count: 0,
      };
      store.insert(session);
      store.setStatus(session.id, 'stopped', input.ended_at);
      return session;
    },

    /**
     * A material is being deleted: the sessions that used it go on without it. Clears it from
     * them inside the caller's transaction; their `session` frames leave when it commits.
     */
    detachMaterial(materialId: string): void {
      for (const id of store.detachMaterial(materialId)) {
        const session = store.get(id);
        if (session) publish(session);
      }
    },

    /**
     * Whether the class takes an entry now: while starting or recording, and the drained end of
     * a pause or stop. The one rule typed text, clips and microphone segments are all judged by.
     */
    acceptsEntries(session: Session, arrival: EntryArrival = {}): boolean {
      return writableStatuses.has(session.status) || (arrival.drain === true && drainableStatuses.has(session.status));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

import type { EventListeners, EventPublisher } from '../../../platform/events.js';
import type { SessionEvents } from '../../sessions/events.js';
import type { Session } from '../../sessions/schemas.js';
import type { AudioEvents } from '../events.js';
import { MicrophoneClass, type MicrophoneDependencies } from './microphone.js';

/**
 * The microphone classes of this process (one at most: one class is current at a time). The
 * session service starts capture when a microphone class is created; pause, resume and stop
 * reach the capture through the session events, so the session service knows nothing of audio.
 */
export function createMicrophones(hub: EventPublisher<AudioEvents> & EventListeners<SessionEvents>, deps: Omit<MicrophoneDependencies, 'hub'>) {
  const active = new Map<string, MicrophoneClass>();
  /** Transitions of one class are applied in order (a stop waits for a pause's drain). */
  const queues = new Map<string, Promise<void>>();

  const enqueue = (sessionId: string, step: () => Promise<void>) => {
    const next = (queues.get(sessionId) ?? Promise.resolve()).then(step, step);
    queues.set(sessionId, next);
    void next.finally(() => {
      if (queues.get(sessionId) === next) queues.delete(sessionId);
    });
  };

  hub.on('session', ({ data: session }) => {
    const microphone = active.get(session.id);
    if (!microphone) return;
    if (session.status === 'paused') enqueue(session.id, () => microphone.pause());
    else if (session.status === 'recording') enqueue(session.id, () => microphone.resume());
    else if (session.status === 'stopped' || session.status === 'error' || session.status === 'interrupted') {
      active.delete(session.id);
      enqueue(session.id, () => microphone.stop());
    }
  });

  return {
    /** The session service's CaptureStarter: throws the 503 that puts the class in `error`. */
    async start(session: Session): Promise<void> {
      const microphone = new MicrophoneClass(session, { ...deps, hub });
      await microphone.start();
      active.set(session.id, microphone);
    },

    /** Resolves once every queued pause/resume/stop has finished (tests and shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...queues.values()]);
    },

    async close(): Promise<void> {
      for (const microphone of active.values()) await microphone.stop();
      active.clear();
    },
  };
}

export type Microphones = ReturnType<typeof createMicrophones>;

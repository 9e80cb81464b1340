import { Type, type Static } from '@sinclair/typebox';
import { resource, type EventCatalogue } from '../../platform/events.js';
import type { Session } from '../sessions/schemas.js';

/**
 * Frames the WebSocket sends on its own, outside the bus: they concern one connection, so they
 * are never replayed. Documented next to the bus events (src/event-catalogue.ts) in OpenAPI.
 */
export const connectionFrames = {
  snapshot: {
    data: Type.Object({
      session: Type.Union([resource<Session>('Session'), Type.Null()]),
      source: Type.Union([Type.String(), Type.Null()]),
    }),
    description: 'First frame after auth: the current class (as GET /status); `seq` is the last frame published so far.',
  },
  resync_required: {
    data: Type.Object({ reason: Type.Union([Type.Literal('replay_unavailable'), Type.Literal('client_too_slow')]) }),
    description: 'Frames were lost (the replay ring no longer holds them, or the client read too slowly): read the state again.',
  },
  pong: {
    data: Type.Object({}),
    description: 'The answer to a ping; it has no `seq`.',
  },
} satisfies EventCatalogue;

type FrameData<Type extends keyof typeof connectionFrames> = Static<(typeof connectionFrames)[Type]['data']>;
export type ResyncReason = FrameData<'resync_required'>['reason'];

export function snapshotFrame(seq: number, session: Session | null): string {
  const data: FrameData<'snapshot'> = { session, source: session?.source ?? null };
  return JSON.stringify({ type: 'snapshot', seq, session_id: session?.id ?? null, data });
}

export function resyncFrame(seq: number, reason: ResyncReason): string {
  const data: FrameData<'resync_required'> = { reason };
  return JSON.stringify({ type: 'resync_required', seq, session_id: null, data });
}

const pongData: FrameData<'pong'> = {};
export const pongFrame = JSON.stringify({ type: 'pong', session_id: null, data: pongData });

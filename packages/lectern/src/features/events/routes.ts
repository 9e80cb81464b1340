import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { events as limits, memory } from '../../config.js';
import { tokenMatches } from '../../platform/auth.js';
import type { FrameFeed } from '../../platform/events.js';
import type { SessionService } from '../sessions/service.js';
import { ClientQueue } from './client-queue.js';
import { pongFrame, resyncFrame, snapshotFrame } from './frames.js';

export const eventsPath = '/api/v2/events';

interface AuthMessage {
  type: 'auth';
  token: string;
  after_seq?: number;
}

function parseAuth(text: string): AuthMessage | null {
  if (text.length > limits.wsAuthMessageMaxChars) return null;
  try {
    const message = JSON.parse(text) as Partial<AuthMessage> | null;
    if (message?.type !== 'auth' || typeof message.token !== 'string') return null;
    if (message.after_seq !== undefined && !(Number.isInteger(message.after_seq) && message.after_seq >= 0)) return null;
    return message as AuthMessage;
  } catch {
    return null;
  }
}

function isPing(text: string): boolean {
  if (text === 'ping') return true;
  try {
    return (JSON.parse(text) as { type?: unknown } | null)?.type === 'ping';
  } catch {
    return false;
  }
}

/**
 * `/api/v2/events`: the Origin and Host were checked at the upgrade by the request guard;
 * here the first message must authenticate within the window. Then the client receives the
 * snapshot, any replay it asked for, and the live stream; it may only ping.
 */
export interface EventRoutesOptions {
  hub: FrameFeed;
  sessions: SessionService;
  token: string;
}

export async function eventRoutes(app: FastifyInstance, { hub, sessions, token }: EventRoutesOptions): Promise<void> {
  const expected = Buffer.from(token, 'latin1');

  app.get(eventsPath, { websocket: true, schema: { hide: true } }, (socket: WebSocket) => {
    const refuse = (reason: string) => socket.close(limits.wsPolicyViolationCode, reason);
    let queue: ClientQueue | null = null;
    let unsubscribe: (() => void) | null = null;
    const authTimer = setTimeout(() => refuse('auth timeout'), limits.wsAuthWindowMs);

    socket.on('message', (raw: RawData, isBinary: boolean) => {
      const text = isBinary ? null : raw.toString();
      if (queue === null) {
        clearTimeout(authTimer);
        const auth = text === null ? null : parseAuth(text);
        if (auth === null || !tokenMatches(expected, auth.token)) return refuse('unauthorized');
        queue = new ClientQueue(socket, { maxFrames: limits.clientQueueMaxFrames, maxBytes: memory.clientQueueMaxBytes });
        const session = sessions.current() ?? null;
        // Snapshot and subscription happen in one synchronous step: no frame can fall between them.
        queue.pushText(snapshotFrame(hub.seq, session));
        if (auth.after_seq !== undefined) {
          const missed = hub.replayAfter(auth.after_seq);
          if (missed === null) {
            queue.pushText(resyncFrame(hub.seq, 'replay_unavailable'));
          } else {
            for (const frame of missed) queue.push(frame);
          }
        }
        const clientQueue = queue;
        unsubscribe = hub.subscribe((frame) => clientQueue.push(frame));
        return undefined;
      }
      if (text !== null && isPing(text)) return queue.pushText(pongFrame);
      return refuse('clients may only ping');
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      unsubscribe?.();
      queue?.close();
    });
  });
}

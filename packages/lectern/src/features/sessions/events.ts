import { resource, type EventCatalogue } from '../../platform/events.js';
import type { Session } from './schemas.js';

/** The frames the sessions feature publishes; they leave once their write has committed. */
export const sessionEvents = {
  session: {
    data: resource<Session>('Session'),
    description: 'A session was created or changed status (the whole session).',
  },
} satisfies EventCatalogue;

export type SessionEvents = typeof sessionEvents;

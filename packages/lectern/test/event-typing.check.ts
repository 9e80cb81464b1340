/**
 * Compile-time checks of the bus's typing, made by `npm run typecheck`; nothing here runs.
 * Every `@ts-expect-error` line must stay an error: were the hub or a feature's publisher to
 * accept a name no feature declares, or a payload its schema does not describe, the directive
 * would go unused and the typecheck would fail.
 */
import type { BusEvents } from '../src/event-catalogue.js';
import type { EntryEvents } from '../src/features/entries/events.js';
import type { Entry } from '../src/features/entries/schemas.js';
import type { SessionEvents } from '../src/features/sessions/events.js';
import type { Session } from '../src/features/sessions/schemas.js';
import type { EventHub, EventListeners, EventPublisher } from '../src/platform/events.js';

export function theBusIsTyped(hub: EventHub<BusEvents>, entry: Entry, session: Session): void {
  hub.publish('transcript', entry.session_id, entry);
  hub.publish('alert', entry.session_id, { entry_id: entry.id, level: 'danger', keywords: ['roll call'], text: entry.text });
  // @ts-expect-error no feature declares this name
  hub.publish('transcript.deleted', entry.session_id, entry);
  // @ts-expect-error a transcript frame carries an Entry, not a Session
  hub.publish('transcript', session.id, session);
  // @ts-expect-error an alert's level is danger or warning
  hub.publish('alert', entry.session_id, { entry_id: entry.id, level: 'loud', keywords: [], text: entry.text });
  // @ts-expect-error an alert names its keywords
  hub.publish('alert', entry.session_id, { entry_id: entry.id, level: 'danger', text: entry.text });
  hub.subscribe(({ frame }) => {
    if (frame.type === 'session') {
      const status: Session['status'] = frame.data.status;
      void status;
    }
  });
}

export function aFeaturePublishesItsOwnFrames(entries: EventPublisher<EntryEvents>, session: Session): void {
  // @ts-expect-error the sessions feature's frame, not the entries feature's
  entries.publish('session', session.id, session);
}

export function aListenerGetsThePayloadOfItsName(sessions: EventListeners<SessionEvents>): void {
  sessions.on('session', ({ data }) => {
    const status: Session['status'] = data.status;
    void status;
  });
  // @ts-expect-error the sessions feature declares no transcript frame
  sessions.on('transcript', () => undefined);
  sessions.on('session', ({ data }) => {
    // @ts-expect-error a session has no text
    void data.text;
  });
}

import { Type } from '@sinclair/typebox';
import { resource, type EventCatalogue } from '../../platform/events.js';
import type { Entry } from './schemas.js';

/** The frames the entries feature publishes; they leave once their write has committed. */
export const entryEvents = {
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
} satisfies EventCatalogue;

export type EntryEvents = typeof entryEvents;

import { Type } from '@sinclair/typebox';
import type { EventCatalogue } from '../../platform/events.js';

/**
 * The frames of microphone classes. A recognised segment becomes an entry, announced by the
 * entries feature's `transcript`; these report the capture itself.
 */
export const audioEvents = {
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
} satisfies EventCatalogue;

export type AudioEvents = typeof audioEvents;

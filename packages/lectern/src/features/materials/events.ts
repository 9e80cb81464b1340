import { resource, type EventCatalogue } from '../../platform/events.js';
import type { MaterialSummary } from './schemas.js';

/** The frames the materials feature publishes; they leave once their write has committed. */
export const materialEvents = {
  'material.created': {
    data: resource<MaterialSummary>('MaterialSummary'),
    description: 'A material was uploaded or imported (the record without its text).',
  },
} satisfies EventCatalogue;

export type MaterialEvents = typeof materialEvents;

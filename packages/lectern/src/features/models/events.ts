import { Type } from '@sinclair/typebox';
import { resource, type EventCatalogue } from '../../platform/events.js';
import type { Model, ModelRuntime } from './schemas.js';

/** The frames the model manager publishes. */
export const modelEvents = {
  'model.installation': {
    data: Type.Object({ model: resource<Model>('Model'), rate_bytes_per_second: Type.Integer() }),
    description: 'An installation moved on (at most 10 frames a second per model; the last one carries the current state): the model record and the transfer rate.',
  },
  'models.runtime': {
    data: resource<ModelRuntime>('ModelRuntime'),
    description: 'An engine changed state (cold, warming, ready, failed): the whole runtime status, as GET /models/runtime answers.',
  },
} satisfies EventCatalogue;

export type ModelEvents = typeof modelEvents;

import { Type } from '@sinclair/typebox';
import { resource, type EventCatalogue } from '../../platform/events.js';
import type { Note } from '../notes/schemas.js';
import type { Task } from './schemas.js';

const nullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** The frames the assistant publishes; those that report a write leave once it has committed. */
export const assistantEvents = {
  'assistant.progress': {
    data: Type.Object({ id: Type.String(), kind: Type.String(), stage: Type.String(), done: Type.Integer(), total: Type.Integer() }),
    description: 'A task moved to another stage.',
  },
  'assistant.delta': {
    data: Type.Object({
      id: Type.String(),
      text: Type.String(),
      offset: Type.Integer({ description: 'In Unicode code points' }),
      first_token_ms: nullableInteger,
    }),
    description: "The next piece of a task's answer; the deltas of a task concatenate to its final markdown.",
  },
  'assistant.finished': {
    data: resource<Task>('Task'),
    description: 'A task completed, failed or was cancelled (the task record).',
  },
  'summary.created': {
    data: resource<Note>('Note'),
    description: 'A completed summary wrote its note.',
  },
  summary_deferred: {
    data: Type.Object({ session_id: Type.String(), reason: Type.String() }),
    description: 'The auto-summary after a stop was not started because the task limits were reached or the database could not take the task (a full disk: the reason says which).',
  },
} satisfies EventCatalogue;

export type AssistantEvents = typeof assistantEvents;

import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../config.js';

export const AlertSchema = Type.Object({
  level: Type.Union([Type.Literal('danger'), Type.Literal('warning')]),
  keywords: Type.Array(Type.String()),
});
export type Alert = Static<typeof AlertSchema>;

export const EntrySchema = Type.Object(
  {
    id: Type.Integer({ description: 'Ascending across all sessions' }),
    session_id: Type.String(),
    text: Type.String(),
    source_id: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    alert: Type.Union([AlertSchema, Type.Null()]),
  },
  { $id: 'Entry' },
);
export type Entry = Static<typeof EntrySchema>;

export const AppendEntryBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: limits.entryTextMaxChars, description: 'Trimmed before the length check' }),
    source_id: Type.String({ minLength: 1, maxLength: limits.sourceIdMaxChars, description: 'Idempotency key within the session' }),
  },
  { additionalProperties: false },
);
export type AppendEntryBody = Static<typeof AppendEntryBody>;

export const EntriesPageQuery = Type.Object({
  after_id: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.entriesPageMax, default: limits.entriesPageDefault })),
});

export const EntriesPage = Type.Object({
  items: Type.Array(Type.Ref(EntrySchema)),
  next_after_id: Type.Union([Type.Integer(), Type.Null()]),
});

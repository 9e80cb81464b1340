import { Type, type Static } from '@sinclair/typebox';

export const NoteSchema = Type.Object(
  {
    id: Type.String(),
    session_id: Type.String(),
    task_id: Type.Union([Type.String(), Type.Null()]),
    title: Type.String(),
    markdown: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Note' },
);
export type Note = Static<typeof NoteSchema>;

export const NoteIdParams = Type.Object({ id: Type.String() });
export const NoteList = Type.Object({ items: Type.Array(Type.Ref(NoteSchema)) });

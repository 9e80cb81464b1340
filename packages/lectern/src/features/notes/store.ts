import type { Db } from '../../platform/db.js';
import type { Note } from './schemas.js';

const columns = 'id, session_id, task_id, title, markdown, created_at';

/** Reads class notes; they are written by completed summary tasks (see features/assistant/store.ts). */
export function createNoteStore(db: Db) {
  const byId = db.prepare<[string], Note>(`SELECT ${columns} FROM notes WHERE id = ?`);
  const bySession = db.prepare<[string], Note>(`SELECT ${columns} FROM notes WHERE session_id = ? ORDER BY rowid DESC`);
  return {
    get: (id: string): Note | undefined => byId.get(id),
    list: (sessionId: string): Note[] => bySession.all(sessionId),
  };
}

export type NoteStore = ReturnType<typeof createNoteStore>;

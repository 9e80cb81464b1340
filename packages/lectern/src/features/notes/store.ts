import type { Db } from '../../platform/db.js';
import type { Note } from './schemas.js';

const columns = 'id, session_id, task_id, title, markdown, created_at';

/**
 * Class notes. Completed summary tasks write theirs with the task (features/assistant/store.ts);
 * notes carried over from Lectern 1.x are written here, with no task.
 */
export function createNoteStore(db: Db) {
  const byId = db.prepare<[string], Note>(`SELECT ${columns} FROM notes WHERE id = ?`);
  const bySession = db.prepare<[string], Note>(`SELECT ${columns} FROM notes WHERE session_id = ? ORDER BY rowid DESC`);
  const insert = db.prepare('INSERT INTO notes (id, session_id, task_id, title, markdown, created_at) VALUES (@id, @session_id, NULL, @title, @markdown, @created_at)');
  return {
    insertImported: (note: Omit<Note, 'task_id'>): void => void insert.run(note),
    get: (id: string): Note | undefined => byId.get(id),
    list: (sessionId: string): Note[] => bySession.all(sessionId),
  };
}

export type NoteStore = ReturnType<typeof createNoteStore>;

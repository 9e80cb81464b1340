import { randomUUID } from 'node:crypto';
import type { Note } from './schemas.js';
import type { NoteStore } from './store.js';

/** What other features may do with notes: the legacy import adds the notes of Lectern 1.x. */
export function createNoteService(store: NoteStore) {
  return {
    /** Synchronous, for the legacy import's one transaction; no event (nothing is live). */
    insertImported(input: { session_id: string; title: string; markdown: string; created_at: string }): Note {
      const note = { id: randomUUID(), ...input };
      store.insertImported(note);
      return { ...note, task_id: null };
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;

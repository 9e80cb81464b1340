import { unwrap, type Note, type Session } from '../api/client.js';
import { filenameOf, saveBlob } from '../downloads.js';
import { ensureOk } from './backend.js';
import { WorkspaceController } from './controller.js';

/** How many past classes the past-classes tab lists. */
const pastSessionsShown = 50;

/**
 * The notes and past-classes tabs: the notes (summaries) of the current class or of one
 * picked from the past ones, the list of past classes, and their downloads.
 */
export class NotesController extends WorkspaceController {
  /** Throws on failure: the caller decides how to report it (a resync reports all its reads as one). */
  async loadPastSessions(): Promise<void> {
    const { items } = await unwrap(this.backend.api.GET('/api/v2/sessions', { params: { query: { limit: pastSessionsShown } } }));
    this.store.update({ pastSessions: items });
  }

  /** Throws on failure, like loadPastSessions. Without a class to list, does nothing. */
  async loadNotes(sessionId: string | null = this.store.state.notesSessionId ?? this.store.state.session?.id ?? null): Promise<void> {
    if (!sessionId) return;
    const { items } = await unwrap(this.backend.api.GET('/api/v2/sessions/{id}/summaries', { params: { path: { id: sessionId } } }));
    this.store.update({ notes: items, notesSessionId: sessionId });
  }

  async showNotesOf(sessionId: string): Promise<void> {
    await this.feedback.attempt(() => this.loadNotes(sessionId));
  }

  /** A `summary.created` frame: listed first if it belongs to the class whose notes are shown (or the current one). */
  acceptCreated(note: Note): void {
    const state = this.store.state;
    if (note.session_id === state.notesSessionId || note.session_id === state.session?.id) {
      this.store.update((current) => ({ notes: [note, ...current.notes.filter((known) => known.id !== note.id)] }));
    }
  }

  exportNote(note: Note): Promise<void> {
    return this.download(`/api/v2/summaries/${encodeURIComponent(note.id)}/export`, `${note.title}.md`);
  }

  exportTranscript(session: Session): Promise<void> {
    return this.download(`/api/v2/sessions/${encodeURIComponent(session.id)}/export`, `${session.course_name}.txt`);
  }

  /** Downloads a response that needs the bearer token (so no plain link can fetch it). */
  private async download(path: string, fallbackName: string): Promise<void> {
    await this.feedback.attempt(async () => {
      const response = await this.backend.fetch(path);
      await ensureOk(response);
      saveBlob(await response.blob(), filenameOf(response.headers.get('content-disposition')) ?? fallbackName);
    });
  }
}

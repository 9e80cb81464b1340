import type { WorkspaceState } from '../workspace/state.js';
import { useWords, useWorkspace } from './context.js';
import { Markdown } from './Markdown.js';

export function NotesPanel({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  const session = state.pastSessions.find((s) => s.id === state.notesSessionId) ?? state.session;
  return (
    <section class="card" data-testid="notes" data-count={state.notes.length}>
      {session ? <h2>{session.course_name}</h2> : null}
      {state.notes.length === 0 ? <p class="muted">{words.notesEmpty}</p> : null}
      {state.notes.map((note) => (
        <article key={note.id} class="note" data-testid="note" data-note-id={note.id}>
          <header>
            <h3>{note.title}</h3>
            <button type="button" data-testid="export-note" onClick={() => void workspace.notes.exportNote(note)}>{words.download}</button>
          </header>
          <Markdown markdown={note.markdown} />
        </article>
      ))}
    </section>
  );
}

export function PastClasses({ state, onOpenNotes }: { state: WorkspaceState; onOpenNotes: () => void }) {
  const workspace = useWorkspace();
  const words = useWords();
  return (
    <section class="card" data-testid="past-classes">
      {state.pastSessions.length === 0 ? <p class="muted">{words.pastEmpty}</p> : null}
      <ul class="plain-list">
        {state.pastSessions.map((session) => (
          <li key={session.id} data-testid="past-class" data-session-id={session.id}>
            <div>
              <strong>{session.course_name}</strong>
              <span class="muted"> · {new Date(session.created_at).toLocaleString()} · {session.entry_count} {words.entries} · {session.status}</span>
            </div>
            <div class="row-buttons">
              <button type="button" data-testid="open-notes" onClick={() => void workspace.notes.showNotesOf(session.id).then(onOpenNotes)}>{words.tabNotes}</button>
              <button type="button" data-testid="export-transcript" onClick={() => void workspace.notes.exportTranscript(session)}>{words.exportTranscript}</button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

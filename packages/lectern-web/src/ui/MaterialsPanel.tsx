import { useState } from 'preact/hooks';
import type { WorkspaceState } from '../workspace/state.js';
import { useWords, useWorkspace } from './context.js';

export function MaterialsPanel({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [over, setOver] = useState(false);
  const accept = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) void workspace.materials.upload(file);
  };
  return (
    <section class="card">
      <div
        class={`dropzone${over ? ' over' : ''}`}
        data-testid="dropzone"
        onDragOver={(event) => { event.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => { event.preventDefault(); setOver(false); accept(event.dataTransfer?.files ?? null); }}
      >
        {words.dropHere}{' '}
        <label class="file-label">
          {words.chooseFile}
          <input type="file" data-testid="material-file" accept=".pdf,.pptx,.docx,.txt,.md" onChange={(e) => { accept(e.currentTarget.files); e.currentTarget.value = ''; }} />
        </label>
      </div>
      <ul class="plain-list" data-testid="uploads">
        {state.uploads.map((upload) => (
          <li key={upload.id} data-testid="upload" data-state={upload.state}>
            <span>{upload.filename}</span>
            {upload.state === 'uploading' ? <progress max={1} value={upload.progress} /> : null}
            <span class={upload.state === 'refused' ? 'task-error' : 'muted'}>
              {words[upload.state]}{upload.message ? `: ${upload.message}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <h3>{words.tabMaterials}</h3>
      <ul class="plain-list" data-testid="materials">
        {state.materials.map((m) => (
          <li key={m.id} data-testid="material" data-material-id={m.id}>
            <strong>{m.filename}</strong>
            <span class="muted"> · {m.pages === null ? '' : `${m.pages} ${words.pages} · `}{m.characters} {words.characters}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

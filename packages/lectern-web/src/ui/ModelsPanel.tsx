import { useEffect } from 'preact/hooks';
import type { Model } from '../api/client.js';
import type { WorkspaceState } from '../workspace/state.js';
import { useWords, useWorkspace } from './context.js';

const busy = (model: Model) => model.state === 'downloading' || model.state === 'verifying' || model.state === 'loading';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function ModelsPanel({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  useEffect(() => {
    void workspace.models.load();
    void workspace.models.loadRuntime().catch(() => undefined);
  }, [workspace]);
  const runtime = state.runtime;
  return (
    <section class="card">
      {runtime
        ? (
          <p class="muted" data-testid="models-runtime" data-ready={String(runtime.ready)}>
            ASR: {runtime.asr.model_id || '–'} ({runtime.asr.state}) · LLM: {runtime.llm.model_id || '–'} ({runtime.llm.state})
          </p>
        )
        : null}
      <ul class="plain-list" data-testid="models">
        {state.models.map((model) => (
          <li key={model.id} data-testid="model" data-model-id={model.id} data-state={model.state}>
            <div>
              <strong>{model.name}</strong> <span class="muted">({model.kind}, {model.license}) · {megabytes(model.size_bytes)}</span>
              <p class="muted small">{model.description}</p>
              {busy(model) || model.bytes_done > 0
                ? <progress max={model.bytes_total || 1} value={model.bytes_done} data-testid="model-progress" />
                : null}
              <span class="muted small"> {model.state}{model.error ? `: ${model.error}` : ''}</span>
            </div>
            <div class="row-buttons">
              {busy(model)
                ? <button type="button" data-testid="model-cancel" onClick={() => void workspace.models.cancelInstall(model.id)}>{words.cancel}</button>
                : model.state !== 'ready'
                  ? <button type="button" data-testid="model-install" onClick={() => void workspace.models.install(model.id)}>{words.install}</button>
                  : <button type="button" data-testid="model-start" onClick={() => void workspace.models.start(model.id)}>{words.startModel}</button>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

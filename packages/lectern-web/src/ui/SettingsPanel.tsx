import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../api/client.js';
import type { WorkspaceState } from '../workspace/state.js';
import { useWords, useWorkspace } from './context.js';

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');

interface Draft {
  mode: Settings['llm']['mode'];
  baseUrl: string;
  model: string;
  localModelId: string;
  timeoutSeconds: number;
  danger: string;
  warning: string;
  autoSummary: boolean;
}

function draftOf(settings: Settings): Draft {
  return {
    mode: settings.llm.mode,
    baseUrl: settings.llm.base_url,
    model: settings.llm.model,
    localModelId: settings.llm.local_model_id,
    timeoutSeconds: settings.llm.timeout_seconds,
    danger: settings.alerts.danger_keywords.join('\n'),
    warning: settings.alerts.warning_keywords.join('\n'),
    autoSummary: settings.auto_summary,
  };
}

function Credentials({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <fieldset data-testid="credentials">
      <legend>{words.credentials}</legend>
      {state.credentials.map((credential) => (
        <div class="credential" key={credential.name} data-testid={`credential-${credential.name}`} data-configured={String(credential.configured)}>
          <span class="credential-name">{credential.name}</span>
          <span class="muted">{credential.read_only ? words.readOnly : credential.configured ? words.configured : words.notConfigured}</span>
          {credential.read_only ? null : (
            <>
              <input
                type="password"
                autocomplete="off"
                data-testid={`credential-${credential.name}-value`}
                placeholder={words.secretPlaceholder}
                value={values[credential.name] ?? ''}
                onInput={(e) => setValues({ ...values, [credential.name]: e.currentTarget.value })}
              />
              <button
                type="button"
                data-testid={`credential-${credential.name}-save`}
                disabled={(values[credential.name] ?? '').trim() === ''}
                onClick={() => void workspace.settings.putCredential(credential.name, (values[credential.name] ?? '').trim()).then(() => setValues({ ...values, [credential.name]: '' }))}
              >{words.save}</button>
              {credential.configured ? <button type="button" onClick={() => void workspace.settings.deleteCredential(credential.name)}>{words.remove}</button> : null}
            </>
          )}
        </div>
      ))}
    </fieldset>
  );
}

export function SettingsPanel({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [draft, setDraft] = useState<Draft | null>(state.settings ? draftOf(state.settings) : null);
  useEffect(() => void workspace.settings.load(), [workspace]);
  useEffect(() => {
    if (state.settings) setDraft(draftOf(state.settings));
  }, [state.settings]);
  if (!draft) return <section class="card"><p class="muted">…</p></section>;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const save = (event: Event) => {
    event.preventDefault();
    void workspace.settings.save({
      llm: { mode: draft.mode, base_url: draft.baseUrl, model: draft.model, local_model_id: draft.localModelId, timeout_seconds: draft.timeoutSeconds } as Settings['llm'],
      alerts: { danger_keywords: lines(draft.danger), warning_keywords: lines(draft.warning) },
      auto_summary: draft.autoSummary,
    });
  };
  const test = state.connectionTest;
  return (
    <section class="card settings">
      <form data-testid="settings-form" onSubmit={save}>
        <label>
          {words.assistantMode}
          <select data-testid="settings-mode" value={draft.mode} onChange={(e) => set({ mode: e.currentTarget.value as Draft['mode'] })}>
            <option value="builtin">{words.modeBuiltin}</option>
            <option value="byok">{words.modeByok}</option>
            <option value="local">{words.modeLocal}</option>
          </select>
        </label>
        {draft.mode === 'byok'
          ? (
            <>
              <label>
                {words.baseUrl}
                <input data-testid="settings-base-url" value={draft.baseUrl} placeholder="https://api.example.com/v1" onInput={(e) => set({ baseUrl: e.currentTarget.value })} />
              </label>
              <label>
                {words.model}
                <input data-testid="settings-model" value={draft.model} onInput={(e) => set({ model: e.currentTarget.value })} />
              </label>
            </>
          )
          : null}
        {draft.mode === 'local'
          ? (
            <label>
              {words.localModel}
              <input data-testid="settings-local-model" value={draft.localModelId} onInput={(e) => set({ localModelId: e.currentTarget.value })} />
            </label>
          )
          : null}
        <label>
          {words.timeout}
          <input type="number" min={5} max={180} data-testid="settings-timeout" value={draft.timeoutSeconds} onInput={(e) => set({ timeoutSeconds: Number(e.currentTarget.value) })} />
        </label>
        <label>
          {words.dangerKeywords}
          <textarea rows={4} data-testid="settings-danger" value={draft.danger} onInput={(e) => set({ danger: e.currentTarget.value })} />
        </label>
        <label>
          {words.warningKeywords}
          <textarea rows={4} data-testid="settings-warning" value={draft.warning} onInput={(e) => set({ warning: e.currentTarget.value })} />
        </label>
        <label class="inline">
          <input type="checkbox" data-testid="settings-auto-summary" checked={draft.autoSummary} onChange={(e) => set({ autoSummary: e.currentTarget.checked })} />
          {words.autoSummary}
        </label>
        <div class="row-buttons">
          <button type="submit" class="primary" data-testid="settings-save">{words.save}</button>
          <button type="button" data-testid="connection-test" onClick={() => void workspace.settings.testConnection()}>{words.testConnection}</button>
        </div>
        {test
          ? (
            <p class={test.ok ? 'ok' : 'task-error'} data-testid="connection-test-result" data-ok={String(test.ok)}>
              {test.provider ?? ''} {test.model ?? ''}
              {test.ok ? ` · ${words.firstToken} ${test.first_token_ms ?? '–'} ms · ${words.total} ${test.total_ms ?? '–'} ms` : ` · ${test.message ?? ''}`}
            </p>
          )
          : null}
      </form>
      <Credentials state={state} />
    </section>
  );
}

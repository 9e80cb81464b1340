import { useEffect, useState } from 'preact/hooks';
import { dictionaries, type Language } from '../i18n.js';
import { useStore } from '../store.js';
import type { Workspace } from '../workspace.js';
import { AssistantPanel } from './AssistantPanel.js';
import { ClassPanel } from './ClassPanel.js';
import { WordsContext, WorkspaceContext } from './context.js';
import { MaterialsPanel } from './MaterialsPanel.js';
import { ModelsPanel } from './ModelsPanel.js';
import { NotesPanel, PastClasses } from './NotesPanel.js';
import { SettingsPanel } from './SettingsPanel.js';
import { Transcript } from './Transcript.js';

const tabs = ['class', 'notes', 'past', 'materials', 'settings', 'models'] as const;
type Tab = (typeof tabs)[number];
const tabWords = { class: 'tabClass', notes: 'tabNotes', past: 'tabPast', materials: 'tabMaterials', settings: 'tabSettings', models: 'tabModels' } as const;

export type Theme = 'light' | 'dark';

export interface AppProps {
  workspace: Workspace;
  language: Language;
  theme: Theme;
  onLanguage: (language: Language) => void;
  onTheme: (theme: Theme) => void;
}

/** Alt+R / Alt+C / Alt+S press the three assistant buttons from anywhere on the page. */
const shortcuts: Record<string, 'rescue' | 'catchup' | 'summary'> = { r: 'rescue', c: 'catchup', s: 'summary' };

export function App({ workspace, language, theme, onLanguage, onTheme }: AppProps) {
  const state = useStore(workspace.store);
  const words = dictionaries[language];
  const [tab, setTab] = useState<Tab>('class');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const kind = shortcuts[event.key.toLowerCase()];
      if (!kind) return;
      event.preventDefault();
      void workspace.assistant.ask(kind);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [workspace]);

  const connectionWord = { connected: words.connected, connecting: words.connecting, disconnected: words.disconnected, 'signed-out': words.signedOut }[state.connection];

  return (
    <WorkspaceContext.Provider value={workspace}>
      <WordsContext.Provider value={words}>
        <header class="topbar">
          <h1>{words.title}</h1>
          <span class={`connection ${state.connection}`} data-testid="connection-status" data-state={state.connection} role="status">{connectionWord}</span>
          <div class="toggles">
            <button type="button" data-testid="language-toggle" aria-label={words.language} onClick={() => onLanguage(language === 'en' ? 'zh' : 'en')}>{language === 'en' ? 'ZH' : 'EN'}</button>
            <button type="button" data-testid="theme-toggle" aria-label={words.theme} onClick={() => onTheme(theme === 'dark' ? 'light' : 'dark')}>{theme === 'dark' ? '☀' : '☾'}</button>
          </div>
        </header>
        <nav class="tabs" role="tablist">
          {tabs.map((name) => (
            <button type="button" role="tab" key={name} data-testid={`tab-${name}`} aria-selected={tab === name} class={tab === name ? 'active' : ''} onClick={() => setTab(name)}>
              {words[tabWords[name]]}
            </button>
          ))}
        </nav>
        {state.alert
          ? (
            <div class={`banner alert-banner alert-${state.alert.level}`} data-testid="alert-banner" data-level={state.alert.level} role="alert">
              <strong>{words.alert}: {state.alert.keywords.join(', ')}</strong> <span>{state.alert.text}</span>
              <button type="button" onClick={() => workspace.classSession.dismissAlert()}>{words.dismiss}</button>
            </div>
          )
          : null}
        {state.notice ? <div class="banner notice-banner" data-testid="notice" role="status">{words[state.notice]}</div> : null}
        {state.connection === 'signed-out' ? <div class="banner error-banner" data-testid="signed-out-banner" role="alert">{words.signedOutHelp}</div> : null}
        {state.error
          ? (
            <div class="banner error-banner" data-testid="error-banner" role="alert">
              <strong>{words.error}:</strong> <span>{state.error}</span>
              <button type="button" onClick={() => workspace.feedback.dismissError()}>{words.dismiss}</button>
            </div>
          )
          : null}
        <main class={`tab-${tab}`}>
          {tab === 'class'
            ? (
              <div class="class-layout">
                <div class="class-column">
                  <ClassPanel state={state} />
                  <section class="card transcript-card">
                    <h2>{words.transcript}</h2>
                    <Transcript entries={state.entries} />
                  </section>
                </div>
                <AssistantPanel state={state} />
              </div>
            )
            : null}
          {tab === 'notes' ? <NotesPanel state={state} /> : null}
          {tab === 'past' ? <PastClasses state={state} onOpenNotes={() => setTab('notes')} /> : null}
          {tab === 'materials' ? <MaterialsPanel state={state} /> : null}
          {tab === 'settings' ? <SettingsPanel state={state} /> : null}
          {tab === 'models' ? <ModelsPanel state={state} /> : null}
        </main>
      </WordsContext.Provider>
    </WorkspaceContext.Provider>
  );
}

export function SignedOut({ language }: { language: Language }) {
  const words = dictionaries[language];
  return (
    <main class="signed-out">
      <h1>{words.title}</h1>
      <p data-testid="connection-status" data-state="signed-out">{words.signedOut}</p>
      <p>{words.signedOutHelp}</p>
    </main>
  );
}

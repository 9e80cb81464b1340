import { useRef, useState } from 'preact/hooks';
import type { Session } from '../api/client.js';
import { MicrophoneRecorder } from '../microphone.js';
import type { WorkspaceState } from '../workspace/state.js';
import { useWords, useWorkspace } from './context.js';

const isCurrent = (session: Session | null): session is Session =>
  session !== null && ['starting', 'recording', 'paused', 'error'].includes(session.status);

function StartForm({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [courseName, setCourseName] = useState('');
  const [materialId, setMaterialId] = useState('');
  const [source, setSource] = useState<Session['source']>('text');
  const submit = (event: Event) => {
    event.preventDefault();
    void workspace.classSession.start(courseName, materialId || null, source);
  };
  return (
    <form class="start-form" onSubmit={submit}>
      <label>
        {words.courseName}
        <input data-testid="course-name" value={courseName} maxLength={120} placeholder={words.courseNamePlaceholder} onInput={(e) => setCourseName(e.currentTarget.value)} />
      </label>
      <label>
        {words.material}
        <select data-testid="class-material" value={materialId} onChange={(e) => setMaterialId(e.currentTarget.value)}>
          <option value="">{words.noMaterial}</option>
          {state.materials.map((m) => <option key={m.id} value={m.id}>{m.filename}</option>)}
        </select>
      </label>
      <label>
        {words.source}
        <select data-testid="class-source" value={source} onChange={(e) => setSource(e.currentTarget.value as Session['source'])}>
          <option value="text">{words.sourceText}</option>
          <option value="browser">{words.sourceBrowser}</option>
          <option value="microphone">{words.sourceMicrophone}</option>
        </select>
      </label>
      <button type="submit" class="primary" data-testid="start-class">{words.startClass}</button>
    </form>
  );
}

function MicrophoneControl({ session }: { session: Session }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [recording, setRecording] = useState(false);
  const [level, setLevel] = useState(0);
  const [clips, setClips] = useState(0);
  const recorder = useRef<MicrophoneRecorder | null>(null);

  const toggle = async () => {
    if (recorder.current) {
      await recorder.current.stop();
      recorder.current = null;
      setRecording(false);
      return;
    }
    const next = new MicrophoneRecorder({
      onLevel: setLevel,
      onClip: (wav, index) => {
        void workspace.audio.postClip(wav, `browser-${session.id}-${index}`).then((ok) => ok && setClips((n) => n + 1));
      },
    });
    try {
      await next.start();
      recorder.current = next;
      setRecording(true);
    } catch (error) {
      workspace.feedback.showError(`${words.microphoneDenied}: ${(error as Error).message}`);
    }
  };

  return (
    <div class="microphone">
      <button type="button" data-testid="record" data-recording={String(recording)} onClick={() => void toggle()}>
        {recording ? words.stopRecording : words.record}
      </button>
      <meter data-testid="level-meter" min={0} max={1} value={level} aria-label={words.level} />
      <span class="muted" data-testid="clips-sent">{clips}</span>
    </div>
  );
}

export function ClassPanel({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const session = state.session;
  if (!isCurrent(session)) {
    return (
      <section class="card class-panel">
        <p class="muted">{words.noClass}</p>
        <StartForm state={state} />
      </section>
    );
  }
  const submit = (event: Event) => {
    event.preventDefault();
    // The input as it is now, not as last rendered: a fast typist is ahead of the renders.
    const line = input.current?.value ?? text;
    if (line.trim() === '') return;
    // Cleared at once, so the next line can be typed while this one is posted.
    setText('');
    void workspace.classSession.addEntry(line).then(({ unsent }) => {
      // A refused line comes back (the error banner says why) ahead of what was typed since.
      if (unsent.length > 0) setText((typed) => [...unsent, typed].filter((part) => part !== '').join(' '));
    });
  };
  const accepting = session.status === 'recording' || session.status === 'starting';
  return (
    <section class="card class-panel">
      <div class="class-head">
        <h2 data-testid="class-title">{session.course_name}</h2>
        <span class={`status status-${session.status}`} data-testid="class-status" data-status={session.status}>{words[`status_${session.status}`]}</span>
      </div>
      <div class="controls">
        {session.status === 'paused'
          ? <button type="button" data-testid="resume-class" onClick={() => void workspace.classSession.resume()}>{words.resume}</button>
          : <button type="button" data-testid="pause-class" disabled={session.status === 'error'} onClick={() => void workspace.classSession.pause()}>{words.pause}</button>}
        <button type="button" class="danger" data-testid="stop-class" onClick={() => void workspace.classSession.stop()}>{words.stopClass}</button>
      </div>
      {session.source === 'browser' ? <MicrophoneControl session={session} /> : null}
      {session.source === 'microphone'
        ? (
          <div class="microphone" data-testid="device-capture">
            <span class="muted">{words.listening}</span>
            <meter min={0} max={1} value={state.deviceLevel} aria-label={words.level} />
            {state.partial ? <span class="muted" data-testid="partial">{state.partial}</span> : null}
          </div>
        )
        : null}
      <form class="entry-form" onSubmit={submit}>
        <input data-testid="entry-text" ref={input} value={text} disabled={!accepting} maxLength={8000} placeholder={words.entryPlaceholder} onInput={(e) => setText(e.currentTarget.value)} />
        <button type="submit" data-testid="add-entry" disabled={!accepting}>{words.addEntry}</button>
      </form>
    </section>
  );
}

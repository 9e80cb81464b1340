import { useState } from 'preact/hooks';
import type { Task } from '../api/client.js';
import type { TaskKind } from '../workspace/assistant.js';
import type { WorkspaceState } from '../workspace/state.js';
import { useWords, useWorkspace } from './context.js';
import { Markdown } from './Markdown.js';

const finished = (task: Task) => task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled';

function SlideDialog({ text, page, onClose }: { text: string; page: number; onClose: () => void }) {
  const words = useWords();
  return (
    <div class="dialog" role="dialog" aria-modal="true" data-testid="slide-text">
      <div class="dialog-body card">
        <h3>{words.slide} {page}</h3>
        <pre>{text}</pre>
        <button type="button" onClick={onClose}>{words.close}</button>
      </div>
    </div>
  );
}

function Answer({ task, materialId }: { task: Task; materialId: string | null }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [slide, setSlide] = useState<{ page: number; text: string } | null>(null);
  const openCitation = async (page: number) => {
    if (!materialId) return;
    const text = await workspace.materials.pageText(materialId, page);
    if (text !== null) setSlide({ page, text });
  };
  return (
    <div class="answer" data-testid="answer" data-task-id={task.id} data-kind={task.kind} data-status={task.status}>
      <div class="answer-head">
        <strong>{words[task.kind === 'followup' ? 'answer' : task.kind]}</strong>
        <span class="muted">
          {words[`task_${task.status}`]}
          {task.first_token_ms !== null ? ` · ${words.firstToken} ${task.first_token_ms} ms` : ''}
        </span>
        {!finished(task) ? <button type="button" data-testid="cancel-task" onClick={() => void workspace.assistant.cancel(task.id)}>{words.cancel}</button> : null}
      </div>
      {task.status === 'failed' ? <p class="task-error" data-testid="task-error">{task.error_message ?? task.error_code}</p> : null}
      <Markdown markdown={task.markdown} onCitation={(page) => void openCitation(page)} testId="answer-text" />
      {slide ? <SlideDialog page={slide.page} text={slide.text} onClose={() => setSlide(null)} /> : null}
    </div>
  );
}

export function AssistantPanel({ state }: { state: WorkspaceState }) {
  const workspace = useWorkspace();
  const words = useWords();
  const [question, setQuestion] = useState('');
  const latest = state.latestTaskId ? state.tasks[state.latestTaskId] : undefined;
  const ask = (kind: TaskKind) => void workspace.assistant.ask(kind);
  const send = async (event: Event) => {
    event.preventDefault();
    if (question.trim() === '') return;
    if (await workspace.assistant.ask('followup', question.trim())) setQuestion('');
  };
  const materialId = state.session?.material_id ?? null;
  return (
    <section class="card assistant-panel">
      <div class="assistant-buttons">
        <button type="button" class="primary" data-testid="rescue" title="Alt+R" onClick={() => ask('rescue')}>{words.rescue}</button>
        <button type="button" data-testid="catchup" title="Alt+C" onClick={() => ask('catchup')}>{words.catchup}</button>
        <button type="button" data-testid="summary" title="Alt+S" onClick={() => ask('summary')}>{words.summary}</button>
      </div>
      {state.chat.length > 0
        ? (
          <ol class="chat" data-testid="chat-history">
            {state.chat.map((turn) => {
              const task = state.tasks[turn.taskId];
              return (
                <li key={turn.taskId}>
                  <p class="question">{turn.question}</p>
                  {task && task.id !== latest?.id ? <Markdown markdown={task.markdown} /> : null}
                </li>
              );
            })}
          </ol>
        )
        : null}
      {latest ? <Answer key={latest.id} task={latest} materialId={materialId} /> : <p class="muted" data-testid="answer-empty">{words.answerEmpty}</p>}
      <form class="followup" onSubmit={(event) => void send(event)}>
        <input data-testid="followup-question" value={question} maxLength={4000} placeholder={words.followupPlaceholder} onInput={(e) => setQuestion(e.currentTarget.value)} />
        <button type="submit" data-testid="followup-send">{words.send}</button>
      </form>
      <p class="muted small">{words.shortcuts}</p>
    </section>
  );
}

import { unwrap, type Task } from '../api/client.js';
import { afterCodePoints, codePointLength } from '../code-points.js';
import { WorkspaceController } from './controller.js';

export type TaskKind = Task['kind'];

/** Follow-up history sent with a question (the contract's limits). */
const historyTurnsMax = 12;
const historyContentMaxChars = 4000;

/** A turn of the history a follow-up question carries. */
interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The assistant: asking (the three buttons and follow-up questions), cancelling, and answers
 * streamed over the events socket as `assistant.delta` frames, merged with the task records
 * the API returns whatever order they arrive in.
 */
export class AssistantController extends WorkspaceController {
  /** Throws on failure: the caller decides how to report it (a resync reports all its reads as one). */
  async loadTasks(): Promise<void> {
    const state = this.store.state;
    const sessionId = state.session?.id ?? state.notesSessionId;
    if (!sessionId) return;
    const { items } = await unwrap(this.backend.api.GET('/api/v2/assistant', { params: { query: { session_id: sessionId } } }));
    const tasks = { ...this.store.state.tasks };
    for (const task of items) tasks[task.id] = mergeTask(tasks[task.id], task);
    this.store.update({ tasks, latestTaskId: this.store.state.latestTaskId ?? items[0]?.id ?? null });
  }

  async ask(kind: TaskKind, question?: string): Promise<Task | undefined> {
    const sessionId = this.store.state.session?.id ?? this.store.state.notesSessionId;
    if (!sessionId) {
      this.feedback.showNotice('startFirst');
      return undefined;
    }
    const history = kind === 'followup' ? this.chatHistory() : [];
    const task = await this.feedback.attempt(() => unwrap(this.backend.api.POST('/api/v2/sessions/{id}/assistant', {
      params: { path: { id: sessionId } },
      body: { kind, ...(question === undefined ? {} : { question }), ...(history.length > 0 ? { history } : {}) },
    })));
    if (!task) return undefined;
    const chat = kind === 'followup' && question !== undefined ? [...this.store.state.chat, { question, taskId: task.id }] : this.store.state.chat;
    this.store.update((state) => ({ tasks: tasksWith(state.tasks, task), latestTaskId: task.id, chat }));
    return task;
  }

  /** The answered turns of the chat, newest last, cut to the contract's limits. */
  private chatHistory(): HistoryTurn[] {
    const { chat, tasks } = this.store.state;
    const turns: HistoryTurn[] = [];
    for (const turn of chat) {
      const answer = tasks[turn.taskId];
      if (answer?.status !== 'completed') continue;
      turns.push({ role: 'user', content: turn.question.slice(0, historyContentMaxChars) });
      turns.push({ role: 'assistant', content: answer.markdown.slice(0, historyContentMaxChars) });
    }
    return turns.slice(-historyTurnsMax);
  }

  async cancel(taskId: string): Promise<void> {
    const task = await this.feedback.attempt(() => unwrap(this.backend.api.DELETE('/api/v2/assistant/{id}', { params: { path: { id: taskId } } })));
    if (task) this.store.update((state) => ({ tasks: tasksWith(state.tasks, task) }));
  }

  /** Shows a task the server started by itself (the summary stopping a class starts) as it streams. */
  async follow(taskId: string): Promise<void> {
    this.store.update({ latestTaskId: taskId });
    await this.refresh(taskId);
  }

  /** An `assistant.delta` frame: the text after what is shown, by its code-point offset. */
  acceptDelta(data: { id: string; text: string; offset: number }): void {
    const task = this.store.state.tasks[data.id];
    if (!task) {
      void this.refresh(data.id);
      return;
    }
    const have = codePointLength(task.markdown);
    if (data.offset > have) {
      // A gap (frames missed): the stored record is the truth.
      void this.refresh(data.id);
      return;
    }
    const fresh = afterCodePoints(data.text, have - data.offset);
    if (fresh === '') return;
    this.store.update((state) => ({ tasks: { ...state.tasks, [data.id]: { ...task, status: 'running', markdown: task.markdown + fresh } } }));
  }

  /** An `assistant.finished` frame. */
  acceptFinished(task: Task): void {
    // Kept even before the answer to our POST names the task: that answer may come later.
    if (this.isShown(task)) this.store.update((state) => ({ tasks: tasksWith(state.tasks, task) }));
  }

  private async refresh(id: string): Promise<void> {
    const task = await this.feedback.attempt(() => unwrap(this.backend.api.GET('/api/v2/assistant/{id}', { params: { path: { id } } })));
    if (task && this.isShown(task)) this.store.update((state) => ({ tasks: tasksWith(state.tasks, task) }));
  }

  /** Whether a task belongs to the current class or to the one whose notes are shown (frames name every class). */
  private isShown(task: Task): boolean {
    return task.session_id === this.store.state.session?.id || task.session_id === this.store.state.notesSessionId;
  }
}

function tasksWith(tasks: Readonly<Record<string, Task>>, task: Task): Record<string, Task> {
  return { ...tasks, [task.id]: mergeTask(tasks[task.id], task) };
}

const taskProgress: Record<Task['status'], number> = { queued: 0, running: 1, completed: 2, failed: 2, cancelled: 2 };

/**
 * A record can arrive after frames that are newer than it (the answer to POST after the first
 * deltas, or even after `assistant.finished`): it never rolls back the status, nor text a
 * faster delta already showed. A finished record is final.
 */
export function mergeTask(known: Task | undefined, fresh: Task): Task {
  if (!known) return fresh;
  if (taskProgress[known.status] > taskProgress[fresh.status]) return known;
  if (taskProgress[fresh.status] === 2) return fresh;
  return known.markdown.length > fresh.markdown.length ? { ...fresh, markdown: known.markdown } : fresh;
}

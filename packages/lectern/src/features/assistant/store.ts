import type { Db } from '../../platform/db.js';
import type { ChatTurn } from '../../answer-engine/types.js';
import type { Task, TaskKind, TaskStatus } from './schemas.js';

const taskColumns = `id, session_id, kind, status, question, parent_id, created_at, started_at, finished_at,
  through_entry_id, markdown, stage, first_token_ms, total_ms, provider_calls, summary_id, error_code, error_message`;
const activeList = "'queued', 'running'";

export interface NewTask {
  id: string;
  session_id: string;
  kind: TaskKind;
  question: string | null;
  parent_id: string | null;
  history: ChatTurn[];
  recent_minutes: number | null;
  created_at: string;
  through_entry_id: number;
}

export interface TaskOutcome {
  status: Extract<TaskStatus, 'completed' | 'failed' | 'cancelled'>;
  finished_at: string;
  markdown: string;
  stage: string;
  first_token_ms: number | null;
  total_ms: number | null;
  provider_calls: number;
  summary_id: string | null;
  error_code: string | null;
  error_message: string | null;
}

export interface NewNote {
  id: string;
  session_id: string;
  task_id: string;
  title: string;
  markdown: string;
  created_at: string;
}

/** SQL for assistant tasks and the notes completed summaries write. */
export function createTaskStore(db: Db) {
  const byId = db.prepare<[string], Task>(`SELECT ${taskColumns} FROM tasks WHERE id = ?`);
  const bySession = db.prepare<[string], Task>(`SELECT ${taskColumns} FROM tasks WHERE session_id = ? ORDER BY rowid DESC`);
  const all = db.prepare<[], Task>(`SELECT ${taskColumns} FROM tasks ORDER BY rowid DESC`);
  const activeCount = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM tasks WHERE status IN (${activeList})`);
  const activeOfKind = db.prepare<[string, string], { n: number }>(
    `SELECT count(*) AS n FROM tasks WHERE session_id = ? AND kind = ? AND status IN (${activeList})`,
  );
  const insert = db.prepare(
    `INSERT INTO tasks (id, session_id, kind, status, question, parent_id, history, recent_minutes, created_at, through_entry_id, stage)
     VALUES (@id, @session_id, @kind, 'queued', @question, @parent_id, @history, @recent_minutes, @created_at, @through_entry_id, 'queued')`,
  );
  const start = db.prepare<[string, string]>(`UPDATE tasks SET status = 'running', stage = 'starting', started_at = ? WHERE id = ? AND status = 'queued'`);
  const firstToken = db.prepare<[number, string]>(`UPDATE tasks SET first_token_ms = ? WHERE id = ? AND status = 'running'`);
  const stage = db.prepare<[string, number, string]>(`UPDATE tasks SET stage = ?, provider_calls = ? WHERE id = ? AND status = 'running'`);
  const finish = db.prepare(
    `UPDATE tasks SET status = @status, finished_at = @finished_at, markdown = @markdown, stage = @stage,
       first_token_ms = @first_token_ms, total_ms = @total_ms, provider_calls = @provider_calls, summary_id = @summary_id,
       error_code = @error_code, error_message = @error_message
     WHERE id = @id AND status IN (${activeList})`,
  );
  const interrupt = db.prepare<[string]>(
    `UPDATE tasks SET status = 'failed', stage = 'interrupted', finished_at = ?, error_code = 'interrupted',
       error_message = 'Lectern stopped while this task was running' WHERE status IN (${activeList})`,
  );
  const insertNote = db.prepare(
    'INSERT INTO notes (id, session_id, task_id, title, markdown, created_at) VALUES (@id, @session_id, @task_id, @title, @markdown, @created_at)',
  );
  const titlesStartingWith = db.prepare<[string, string], { title: string }>('SELECT title FROM notes WHERE substr(title, 1, length(?)) = ?');

  /**
   * The title itself, or with the first free counter (`… (2)`, `… (3)`): two summaries of one
   * class, or two classes of one course on the same day, must not save over each other's export.
   */
  function uniqueTitle(title: string): string {
    const taken = new Set(titlesStartingWith.all(title, title).map((row) => row.title));
    if (!taken.has(title)) return title;
    let counter = 2;
    while (taken.has(`${title} (${counter})`)) counter++;
    return `${title} (${counter})`;
  }

  return {
    get(id: string): Task | undefined {
      return byId.get(id);
    },
    list(sessionId: string | undefined): Task[] {
      return sessionId === undefined ? all.all() : bySession.all(sessionId);
    },
    activeCount(): number {
      return activeCount.get()?.n ?? 0;
    },
    activeOfKind(sessionId: string, kind: TaskKind): number {
      return activeOfKind.get(sessionId, kind)?.n ?? 0;
    },
    insert(task: NewTask): void {
      insert.run({ ...task, history: task.history.length > 0 ? JSON.stringify(task.history) : null });
    },
    start(id: string, startedAt: string): boolean {
      return start.run(startedAt, id).changes === 1;
    },
    firstToken(id: string, firstTokenMs: number): void {
      firstToken.run(firstTokenMs, id);
    },
    stage(id: string, name: string, providerCalls: number): void {
      stage.run(name, providerCalls, id);
    },
    /**
     * Ends an active task; a completed summary writes its note in the same transaction, under a
     * title no other note has. Returns the note as written, or null if the task had already ended.
     */
    finish: db.transaction((id: string, outcome: TaskOutcome, note: NewNote | null): { note: NewNote | null } | null => {
      const current = byId.get(id);
      if (!current || (current.status !== 'queued' && current.status !== 'running')) return null;
      const written = note && { ...note, title: uniqueTitle(note.title) };
      if (written) insertNote.run(written);
      finish.run({ id, ...outcome, summary_id: written?.id ?? outcome.summary_id });
      return { note: written };
    }),
    interruptUnfinished(now: string): number {
      return interrupt.run(now).changes;
    },
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;

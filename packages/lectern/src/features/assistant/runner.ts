import { randomUUID } from 'node:crypto';
import { assistant as limits } from '../../config.js';
import type { EventPublisher } from '../../platform/events.js';
import type { AssistantEvents } from './events.js';
import type { Logger } from '../../platform/logger.js';
import type { TaskProvider } from '../../answer-engine/providers/task-provider.js';
import type { AssistantRequest, MaterialText, TranscriptLine } from '../../answer-engine/types.js';
import { DeltaPublisher } from './delta-publisher.js';
import { describeFailure } from './failure.js';
import type { Task } from './schemas.js';
import type { NewNote, TaskOutcome, TaskStore } from './store.js';

/** What a task reads about its class; supplied by the service from the other features. */
export interface ClassData {
  courseName: string;
  entries: TranscriptLine[];
  material: MaterialText | null;
  previousAnswer?: string;
  previousQuestion?: string;
}

export interface RunnerDeps {
  store: TaskStore;
  hub: EventPublisher<AssistantEvents>;
  logger: Logger;
  /** The provider for the next task (asynchronous: the engines load on first use). */
  resolveProvider: () => TaskProvider | Promise<TaskProvider>;
}

/**
 * Runs tasks to their end: running → completed | failed | cancelled, streaming deltas and
 * progress as events. Cancellation aborts the provider call at once; a cancelled or failed
 * task never writes a note, a completed summary writes exactly one (in the same transaction
 * that completes the task).
 */
export class TaskRunner {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: RunnerDeps) {}

  start(task: Task, data: ClassData, request: Omit<AssistantRequest, 'courseName' | 'entries' | 'classKey' | 'material' | 'previousAnswer' | 'previousQuestion'>): void {
    const controller = new AbortController();
    this.running.set(task.id, controller);
    // run() turns every provider failure into a failed task; what still rejects is the store
    // itself (a full disk): logged, never left as an unhandled rejection that ends the process.
    void this.run(task, data, request, controller)
      .catch((error: unknown) => this.deps.logger.error({ err: error, task: task.id }, 'assistant task could not be recorded'))
      .finally(() => this.running.delete(task.id));
  }

  /** Aborts a running task; returns true when it was running here. */
  cancel(taskId: string): boolean {
    const controller = this.running.get(taskId);
    if (!controller) return false;
    controller.abort(new Error('cancelled'));
    return true;
  }

  private async run(task: Task, data: ClassData, request: Omit<AssistantRequest, 'courseName' | 'entries' | 'classKey' | 'material' | 'previousAnswer' | 'previousQuestion'>, controller: AbortController): Promise<void> {
    const { store, hub, logger } = this.deps;
    const started = performance.now();
    if (!store.start(task.id, new Date().toISOString())) return;
    let providerCalls = 0;
    let firstTokenMs: number | null = null;
    let markdown = '';
    const deltas = new DeltaPublisher(hub, task.id, task.session_id, limits.deltaFlushIntervalMs);
    const progress = (stage: string, done: number, total: number) => {
      // A cancelled task is final: a provider still winding down must not move its stage or
      // send progress after its assistant.finished.
      if (controller.signal.aborted) return;
      store.stage(task.id, stage, providerCalls);
      hub.publish('assistant.progress', task.session_id, { id: task.id, kind: task.kind, stage, done, total });
    };
    const finish = (outcome: Omit<TaskOutcome, 'finished_at' | 'total_ms' | 'first_token_ms' | 'provider_calls' | 'summary_id'>, note: NewNote | null) => {
      const ended = store.finish(task.id, {
        ...outcome,
        finished_at: new Date().toISOString(),
        total_ms: Math.round(performance.now() - started),
        first_token_ms: firstTokenMs,
        provider_calls: providerCalls,
        summary_id: null,
      }, note);
      if (!ended) return;
      const record = store.get(task.id);
      if (ended.note) hub.publish('summary.created', task.session_id, { ...ended.note });
      // finish() has just written the row, so it is there; the check satisfies the typed bus.
      if (record) hub.publish('assistant.finished', task.session_id, record);
    };

    try {
      progress('starting', 0, 1);
      const provider = await this.deps.resolveProvider();
      const answer = provider.answer(
        { ...request, courseName: data.courseName, entries: data.entries, classKey: task.session_id, material: data.material, previousAnswer: data.previousAnswer, previousQuestion: data.previousQuestion },
        {
          signal: controller.signal,
          onProgress: (p) => progress(p.stage, p.done, p.total),
          onProviderCall: () => {
            providerCalls++;
          },
        },
      );
      for await (const chunk of answer) {
        if (controller.signal.aborted) break;
        if (firstTokenMs === null) {
          firstTokenMs = Math.round(performance.now() - started);
          // Written at once, so a client polling the task sees it within one poll, not at the end.
          store.firstToken(task.id, firstTokenMs);
        }
        markdown += chunk;
        deltas.push(chunk, firstTokenMs);
      }
      if (controller.signal.aborted) return deltas.discard();
      deltas.close();
      if (markdown.trim().length === 0) {
        return finish({ status: 'failed', markdown, stage: 'failed', error_code: 'incomplete_response', error_message: 'The assistant produced no answer' }, null);
      }
      const note = task.kind === 'summary' ? this.noteFor(task, data.courseName, markdown) : null;
      finish({ status: 'completed', markdown, stage: 'completed', error_code: null, error_message: null }, note);
    } catch (error) {
      if (controller.signal.aborted) return deltas.discard();
      deltas.close();
      const failure = describeFailure(error);
      if (failure.code === 'internal_error') logger.error({ err: error, task: task.id }, 'assistant task failed');
      finish({ status: 'failed', markdown, stage: 'failed', error_code: failure.code, error_message: failure.message }, null);
    }
  }

  private noteFor(task: Task, courseName: string, markdown: string): NewNote {
    const createdAt = new Date().toISOString();
    return {
      id: randomUUID(),
      session_id: task.session_id,
      task_id: task.id,
      title: `${courseName} — ${createdAt.slice(0, 10)}`,
      markdown,
      created_at: createdAt,
    };
  }
}

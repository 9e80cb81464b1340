import { randomUUID } from 'node:crypto';
import { assistant as limits } from '../../config.js';
import { ApiError, invalidRequest, invalidState, notFound } from '../../platform/errors.js';
import type { EventListeners, EventPublisher } from '../../platform/events.js';
import { storageFailureOf } from '../../platform/storage-failure.js';
import type { TaskProvider } from '../../answer-engine/providers/task-provider.js';
import type { MaterialText } from '../../answer-engine/types.js';
import { classEntryArrived } from '../../answer-engine/context/kept-classes.js';
import { ClassTranscripts } from './class-transcripts.js';
import type { EntryEvents } from '../entries/events.js';
import type { EntryService } from '../entries/service.js';
import type { Session } from '../sessions/schemas.js';
import type { SessionService } from '../sessions/service.js';
import type { AssistantEvents } from './events.js';
import { describeFailure } from './failure.js';
import type { TaskRunner } from './runner.js';
import type { CreateTaskBody, Task } from './schemas.js';
import type { TaskStore } from './store.js';

export interface ConnectionTestOutcome {
  ok: boolean;
  provider: string;
  model: string;
  first_token_ms: number | null;
  total_ms: number;
  error_code?: string;
  message?: string;
}

export interface AssistantServiceDeps {
  store: TaskStore;
  runner: TaskRunner;
  sessions: SessionService;
  entries: EntryService;
  /** Publishes the assistant's frames; follows new entries to analyse them ahead of a rescue. */
  hub: EventPublisher<AssistantEvents> & EventListeners<EntryEvents>;
  /** The provider for the next task (asynchronous: the engines load on first use). */
  resolveProvider: () => TaskProvider | Promise<TaskProvider>;
  autoSummaryEnabled: () => boolean;
  /** The material a class grounds its answers in (the materials feature's service); null once deleted. */
  materialText: (materialId: string) => MaterialText | null;
  /** How long `POST /assistant/test` waits for the model; config.ts's unless a test shortens it. */
  connectionTestDeadlineMs?: number;
}

export function createAssistantService(deps: AssistantServiceDeps) {
  const { store, runner, sessions, entries, hub } = deps;

  // Each entry as it arrives joins its class's kept transcript, and is analysed after its answer
  // has gone out, so a question asked later finds the class already read, split, tokenised and
  // indexed instead of paying for it while the student waits: the entry analysis cache (key
  // phrases, materials) and the class's kept analysis.
  const transcripts = new ClassTranscripts((sessionId, throughId, afterId) => entries.transcriptThrough(sessionId, throughId, afterId));
  hub.on('transcript', ({ data: entry }) => {
    const line = { id: entry.id, text: entry.text, createdAt: entry.created_at };
    transcripts.follow(entry.session_id, line);
    setImmediate(() => classEntryArrived(entry.session_id, line));
  });

  function require(id: string): Task {
    const task = store.get(id);
    if (!task) throw notFound('Task');
    return task;
  }

  function create(sessionId: string, body: CreateTaskBody): Task {
    const session = sessions.get(sessionId);
    if (body.kind === 'followup' && body.question === undefined) {
      throw invalidRequest([{ loc: ['body', 'question'], msg: 'a followup needs a question', type: 'required' }]);
    }
    const parent = body.parent_id === undefined ? undefined : store.get(body.parent_id);
    if (body.parent_id !== undefined && (!parent || parent.session_id !== sessionId)) throw notFound('Parent task');
    if (store.activeOfKind(sessionId, body.kind) > 0) throw invalidState(`A ${body.kind} task is already running for this class`);
    if (store.activeCount() >= limits.activeTasksMax) throw invalidState(`At most ${limits.activeTasksMax} assistant tasks may run at once`);
    const throughEntryId = entries.lastEntryId(sessionId);
    if (body.kind === 'summary' && throughEntryId === 0) throw invalidState('The class has no transcript to summarise yet');

    const task = {
      id: randomUUID(),
      session_id: sessionId,
      kind: body.kind,
      question: body.question ?? null,
      parent_id: body.parent_id ?? null,
      history: body.history ?? [],
      recent_minutes: body.recent_minutes ?? null,
      created_at: new Date().toISOString(),
      through_entry_id: throughEntryId,
    };
    store.insert(task);
    const record = require(task.id);
    hub.publish('assistant.progress', sessionId, { id: task.id, kind: task.kind, stage: 'queued', done: 0, total: 1 });
    const material = session.material_id ? deps.materialText(session.material_id) : null;
    runner.start(
      record,
      {
        courseName: session.course_name,
        entries: transcripts.through(sessionId, throughEntryId),
        material,
        ...(parent && parent.markdown ? { previousAnswer: parent.markdown } : {}),
        // "Why is that?" on a follow-up is about what the parent was asked.
        ...(parent && parent.markdown && parent.question ? { previousQuestion: parent.question } : {}),
      },
      {
        kind: body.kind,
        ...(body.question !== undefined ? { question: body.question } : {}),
        ...(body.history !== undefined ? { history: body.history } : {}),
        ...(body.recent_minutes !== undefined ? { recentMinutes: body.recent_minutes } : {}),
      },
    );
    return record;
  }

  return {
    create,
    get: require,

    list(sessionId: string | undefined): Task[] {
      if (sessionId !== undefined) sessions.get(sessionId);
      return store.list(sessionId);
    },

    /** Idempotent: a finished task is returned unchanged. */
    cancel(id: string): Task {
      const task = require(id);
      if (task.status !== 'queued' && task.status !== 'running') return task;
      runner.cancel(id);
      const ended = store.finish(id, {
        status: 'cancelled',
        finished_at: new Date().toISOString(),
        markdown: task.markdown,
        stage: 'cancelled',
        first_token_ms: task.first_token_ms,
        total_ms: task.started_at ? Date.now() - Date.parse(task.started_at) : null,
        provider_calls: task.provider_calls,
        summary_id: null,
        error_code: null,
        error_message: null,
      }, null);
      const record = require(id);
      if (ended) hub.publish('assistant.finished', task.session_id, record);
      return record;
    },

    /**
     * After a class stops: start its summary when auto-summary is on and there is a transcript.
     * When the task limits block it, or the database cannot take the task (a full disk), the
     * summary is deferred (an event says why) instead of failing a stop that has already happened:
     * the class is stopped either way, and a summary can be asked for later.
     */
    summariseStopped(session: Session): string | null {
      if (!deps.autoSummaryEnabled() || session.entry_count === 0) return null;
      try {
        return create(session.id, { kind: 'summary' }).id;
      } catch (error) {
        const refusal = error instanceof ApiError && error.code === 'invalid_state' ? error : storageFailureOf(error);
        if (refusal === null) throw error;
        hub.publish('summary_deferred', session.id, { session_id: session.id, reason: refusal.message });
        return null;
      }
    },

    /** `POST /assistant/test`: a fixed short prompt, no class data; refused while a task runs. */
    async testConnection(): Promise<ConnectionTestOutcome> {
      if (store.activeCount() > 0) throw invalidState('An assistant task is running; test the connection when it has finished');
      const started = performance.now();
      const deadlineMs = deps.connectionTestDeadlineMs ?? limits.connectionTestDeadlineMs;
      const deadline = AbortSignal.timeout(deadlineMs);
      let provider: TaskProvider | undefined;
      let firstTokenMs: number | null = null;
      try {
        provider = await deps.resolveProvider();
        for await (const chunk of provider.probe(deadline)) {
          if (chunk.length > 0) firstTokenMs ??= Math.round(performance.now() - started);
        }
        if (firstTokenMs === null) throw new ApiError('incomplete_response', 'The model answered with no text');
        return { ok: true, provider: provider.name, model: provider.model, first_token_ms: firstTokenMs, total_ms: Math.round(performance.now() - started) };
      } catch (error) {
        // The deadline aborts the call with the signal's own reason (a DOMException), which
        // describeFailure would report as an internal error; it is the contract's timeout.
        const failure = deadline.aborted
          ? { code: 'timeout', message: `The model did not answer the test within ${Math.round(deadlineMs / 1000)} s` }
          : describeFailure(error);
        return {
          ok: false,
          provider: provider?.name ?? 'unknown',
          model: provider?.model ?? 'unknown',
          first_token_ms: null,
          total_ms: Math.round(performance.now() - started),
          error_code: failure.code,
          message: failure.message,
        };
      }
    },

    interruptUnfinished(): number {
      return store.interruptUnfinished(new Date().toISOString());
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;

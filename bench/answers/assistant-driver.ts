// Lectern's assistant as a client sees it (docs/api.md, "Assistant tasks" and "Events"): entries
// posted over HTTP, a task asked for with POST and followed over the events WebSocket, the
// answer read from its `assistant.finished` frame, the notes from the Markdown export.
import { EventsClient } from '../../packages/lectern/test/support/events-client.js';
import type { EventFrame } from '../../packages/lectern/test/support/events-client.js';
import { LecternClient } from '../../packages/lectern/test/support/http-client.js';
import type { LecternProcess } from '../../packages/lectern/test/support/lectern-process.js';
import { KeepAliveClient } from '../support/keep-alive-client.js';

/** Generous for a loaded 2-core machine; the builtin engine answers in milliseconds when idle. */
const TASK_TIMEOUT_MS = 180_000;
/** While waiting for a task's frame, its record is read this often, in case the frame was lost (resync). */
const POLL_EVERY_MS = 2000;

export type AssistantRequest = { kind: 'rescue' } | { kind: 'followup'; question: string } | { kind: 'summary' };

interface Task {
  id: string;
  status: string;
  markdown: string | null;
  first_token_ms: number | null;
}

export interface Answer {
  taskId: string;
  status: string;
  markdown: string;
  /** From just before the POST to the arrival of the task's first `assistant.delta` frame; null if none arrived. */
  firstTokenMs: number | null;
  /** The task record's `first_token_ms`: from the task's start inside Lectern to its first piece of answer. */
  serverFirstTokenMs: number | null;
}

/** One rescue or follow-up's first-token times, as the figures keep them. */
export interface FirstTokenSample {
  kind: AssistantRequest['kind'];
  firstTokenMs: number | null;
  serverFirstTokenMs: number | null;
}

export function firstTokenSample(kind: AssistantRequest['kind'], answer: Answer): FirstTokenSample {
  return { kind, firstTokenMs: answer.firstTokenMs, serverFirstTokenMs: answer.serverFirstTokenMs };
}

/** The times of the samples that have one: over the WebSocket (`client`) or on the task record (`server`). */
export function firstTokenTimes(samples: readonly FirstTokenSample[], side: 'client' | 'server'): number[] {
  return samples.flatMap((sample) => {
    const time = side === 'client' ? sample.firstTokenMs : sample.serverFirstTokenMs;
    return time === null ? [] : [time];
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class AssistantDriver {
  private readonly firstDeltaAt = new Map<string, number>();
  private readonly finished = new Map<string, Task>();
  private readonly waiters = new Map<string, () => void>();
  /** `resync_required` frames seen: frames were dropped, so a first-token time may be missing. */
  resyncs = 0;

  private constructor(
    private readonly client: LecternClient,
    private readonly poster: KeepAliveClient,
    private readonly events: EventsClient,
  ) {
    events.onFrame((frame) => this.observe(frame));
  }

  static async connect(lectern: LecternProcess): Promise<AssistantDriver> {
    const { client: events } = await EventsClient.authenticated(lectern.port, lectern.token);
    return new AssistantDriver(new LecternClient(lectern.baseUrl, lectern.token), new KeepAliveClient(lectern.port, lectern.token), events);
  }

  private observe(frame: EventFrame): void {
    if (frame.type === 'resync_required') this.resyncs++;
    const data = frame.data as { id?: string };
    if (typeof data?.id !== 'string') return;
    if (frame.type === 'assistant.delta' && !this.firstDeltaAt.has(data.id)) this.firstDeltaAt.set(data.id, performance.now());
    if (frame.type === 'assistant.finished') {
      this.finished.set(data.id, frame.data as Task);
      this.waiters.get(data.id)?.();
    }
  }

  async createSession(courseName: string): Promise<string> {
    const response = await this.client.post<{ id: string }>('/api/v2/sessions', { course_name: courseName });
    if (response.status !== 201) throw new Error(`creating a session answered ${response.status}: ${response.text}`);
    return response.body.id;
  }

  async postEntry(sessionId: string, text: string, sourceId: string): Promise<void> {
    const response = await this.poster.post(`/api/v2/sessions/${sessionId}/entries`, { text, source_id: sourceId });
    if (response.status !== 201) throw new Error(`posting an entry answered ${response.status}: ${response.text}`);
  }

  /** Asks for a task and waits for its answer. */
  async ask(sessionId: string, request: AssistantRequest): Promise<Answer> {
    const startedAt = performance.now();
    const response = await this.poster.post(`/api/v2/sessions/${sessionId}/assistant`, request);
    if (response.status !== 202) throw new Error(`asking for a ${request.kind} answered ${response.status}: ${response.text}`);
    const taskId = (JSON.parse(response.text) as Task).id;
    return this.answerOf(taskId, startedAt);
  }

  /** `startedAt` null: a task this driver did not ask for (the stop's auto-summary), so no first-token time. */
  private async answerOf(taskId: string, startedAt: number | null): Promise<Answer> {
    const task = await this.finishedTask(taskId);
    const firstDeltaAt = this.firstDeltaAt.get(taskId);
    this.firstDeltaAt.delete(taskId);
    this.finished.delete(taskId);
    return {
      taskId,
      status: task.status,
      markdown: task.markdown ?? '',
      firstTokenMs: firstDeltaAt === undefined || startedAt === null ? null : firstDeltaAt - startedAt,
      serverFirstTokenMs: task.first_token_ms,
    };
  }

  private async finishedTask(taskId: string): Promise<Task> {
    const deadline = performance.now() + TASK_TIMEOUT_MS;
    while (performance.now() < deadline) {
      const seen = this.finished.get(taskId);
      if (seen !== undefined) return seen;
      await Promise.race([new Promise<void>((resolve) => this.waiters.set(taskId, resolve)), sleep(POLL_EVERY_MS)]);
      this.waiters.delete(taskId);
      if (this.finished.has(taskId)) continue;
      const record = (await this.client.get<Task>(`/api/v2/assistant/${taskId}`)).body;
      if (record.status !== 'queued' && record.status !== 'running') return record;
    }
    throw new Error(`task ${taskId} did not finish within ${TASK_TIMEOUT_MS} ms`);
  }

  /**
   * Stops the class and returns its notes as the export gives them: the auto-summary the stop
   * starts, or — when the stop could not start one — a summary asked for.
   */
  async stopForNotes(sessionId: string): Promise<string> {
    const stopped = await this.client.post<{ summary_task_id: string | null }>(`/api/v2/sessions/${sessionId}/stop`);
    if (stopped.status !== 200) throw new Error(`stopping answered ${stopped.status}: ${stopped.text}`);
    const summary = stopped.body.summary_task_id === null ? await this.ask(sessionId, { kind: 'summary' }) : await this.answerOf(stopped.body.summary_task_id, null);
    if (summary.status !== 'completed') throw new Error(`the summary ended ${summary.status}`);
    const notes = await this.client.get<{ items: { id: string; task_id: string | null }[] }>(`/api/v2/sessions/${sessionId}/summaries`);
    const note = notes.body.items.find((item) => item.task_id === summary.taskId);
    if (note === undefined) throw new Error('the completed summary wrote no note');
    return (await this.client.get(`/api/v2/summaries/${note.id}/export`)).text;
  }

  async close(): Promise<void> {
    this.poster.close();
    await this.events.close();
  }
}

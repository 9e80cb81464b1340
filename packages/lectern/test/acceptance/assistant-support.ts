import assert from 'node:assert/strict';
import type { Task } from '../../src/features/assistant/schemas.js';
import type { Session } from '../../src/features/sessions/schemas.js';
import type { LecternClient } from '../support/http-client.js';

const finishedStatuses = new Set(['completed', 'failed', 'cancelled']);
const pollIntervalMs = 25;
const finishTimeoutMs = 20_000;

export async function startClass(client: LecternClient, courseName: string, lines: readonly string[]): Promise<Session> {
  const created = await client.post<Session>('/api/v2/sessions', { course_name: courseName });
  assert.equal(created.status, 201, created.text);
  for (const [i, text] of lines.entries()) {
    const entry = await client.post(`/api/v2/sessions/${created.body.id}/entries`, { text, source_id: `line-${i}` });
    assert.equal(entry.status, 201, entry.text);
  }
  return created.body;
}

export async function ask(client: LecternClient, sessionId: string, body: Record<string, unknown>): Promise<Task> {
  const response = await client.post<Task>(`/api/v2/sessions/${sessionId}/assistant`, body);
  assert.equal(response.status, 202, response.text);
  return response.body;
}

/** Polls the task until it has ended (the events stream is tested separately). */
export async function finished(client: LecternClient, taskId: string): Promise<Task> {
  const deadline = Date.now() + finishTimeoutMs;
  for (;;) {
    const response = await client.get<Task>(`/api/v2/assistant/${taskId}`);
    assert.equal(response.status, 200, response.text);
    if (finishedStatuses.has(response.body.status)) return response.body;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
}

export async function stopClass(client: LecternClient, sessionId: string): Promise<Session & { summary_task_id: string | null }> {
  const response = await client.post<Session & { summary_task_id: string | null }>(`/api/v2/sessions/${sessionId}/stop`);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

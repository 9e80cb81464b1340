import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { normaliseBody } from '../../platform/body.js';
import { SessionIdParams } from '../sessions/schemas.js';
import type { AssistantService } from './service.js';
import { ConnectionTestFailure, ConnectionTestResult, CreateTaskBody, TaskIdParams, TaskList, TaskListQuery } from './schemas.js';

const tags = ['assistant'];
const taskRef = { $ref: 'Task' };

export interface AssistantRoutesOptions {
  assistant: AssistantService;
}

export async function assistantRoutes(app: FastifyInstance, { assistant }: AssistantRoutesOptions): Promise<void> {
  app.post<{ Params: Static<typeof SessionIdParams>; Body: CreateTaskBody }>('/api/v2/sessions/:id/assistant', {
    schema: {
      tags,
      summary: 'Ask the assistant: rescue, catchup, summary or followup',
      description:
        'Answers 202 with the queued task; the answer streams as assistant.delta events and ends with assistant.finished. ' +
        'One active task per (session, kind) and four overall (409 beyond). Allowed on stopped classes.',
      params: SessionIdParams,
      body: CreateTaskBody,
      response: { 202: taskRef },
    },
    // A blank question is no question: trimmed first, it fails the length check like a missing one.
    preValidation: normaliseBody(['question']),
  }, async (request, reply) => reply.code(202).send(assistant.create(request.params.id, request.body)));

  app.get<{ Params: Static<typeof TaskIdParams> }>('/api/v2/assistant/:id', {
    schema: { tags, summary: 'One task', params: TaskIdParams, response: { 200: taskRef } },
  }, async (request) => assistant.get(request.params.id));

  app.get<{ Querystring: Static<typeof TaskListQuery> }>('/api/v2/assistant', {
    schema: { tags, summary: 'Tasks, newest first (optionally of one session)', querystring: TaskListQuery, response: { 200: TaskList } },
  }, async (request) => ({ items: assistant.list(request.query.session_id) }));

  app.delete<{ Params: Static<typeof TaskIdParams> }>('/api/v2/assistant/:id', {
    schema: { tags, summary: 'Cancel a task (idempotent; a finished task is returned unchanged)', params: TaskIdParams, response: { 200: taskRef } },
  }, async (request) => assistant.cancel(request.params.id));

  app.post('/api/v2/assistant/test', {
    schema: {
      tags,
      summary: 'Check the configured model with a fixed short prompt (no class data)',
      description: 'On failure answers 503 with {error, message, ok:false, error_code, provider, model, first_token_ms:null, total_ms}.',
      response: { 200: ConnectionTestResult, 503: ConnectionTestFailure },
    },
  }, async (_request, reply) => {
    const outcome = await assistant.testConnection();
    if (outcome.ok) return outcome;
    return reply.code(503).send({
      error: outcome.error_code,
      message: outcome.message,
      ok: false,
      error_code: outcome.error_code,
      provider: outcome.provider,
      model: outcome.model,
      first_token_ms: null,
      total_ms: outcome.total_ms,
    });
  });
}

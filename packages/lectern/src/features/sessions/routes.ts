import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { limits } from '../../config.js';
import { normaliseBody } from '../../platform/body.js';
import type { Session } from './schemas.js';
import type { SessionService } from './service.js';
import {
  CreateSessionBody,
  SessionIdParams,
  SessionsPage,
  SessionsPageQuery,
  StatusResponse,
  StopResponse,
  UpdateSessionBody,
} from './schemas.js';

type IdParams = Static<typeof SessionIdParams>;
const tags = ['sessions'];

/** Starts the class's summary after a stop (auto-summary); returns its task id or null. */
export type AfterStop = (session: Session) => string | null;

export interface SessionRoutesOptions {
  sessions: SessionService;
  afterStop: AfterStop;
}

export async function sessionRoutes(app: FastifyInstance, { sessions, afterStop }: SessionRoutesOptions): Promise<void> {
  app.get('/api/v2/status', {
    schema: { tags, summary: 'The current class and its input source', response: { 200: StatusResponse } },
  }, async () => {
    const session = sessions.current() ?? null;
    return { session, source: session?.source ?? null };
  });

  app.post<{ Body: CreateSessionBody }>('/api/v2/sessions', {
    schema: { tags, summary: 'Start a class (one may be current at a time)', body: CreateSessionBody, response: { 201: { $ref: 'Session' } } },
    preValidation: normaliseBody(['course_name']),
  }, async (request, reply) => {
    const body = request.body;
    const session = await sessions.create({ ...body, course_name: body.course_name });
    return reply.code(201).send(session);
  });

  app.get<{ Querystring: Static<typeof SessionsPageQuery> }>('/api/v2/sessions', {
    schema: { tags, summary: 'Sessions, newest first', querystring: SessionsPageQuery, response: { 200: SessionsPage } },
  }, async (request) => {
    const page = sessions.page(request.query.limit ?? limits.sessionsPageDefault, request.query.before);
    return { items: page.items, next_before: page.nextBefore };
  });

  app.get<{ Params: IdParams }>('/api/v2/sessions/:id', {
    schema: { tags, summary: 'One session', params: SessionIdParams, response: { 200: { $ref: 'Session' } } },
  }, async (request) => sessions.get(request.params.id));

  app.patch<{ Params: IdParams; Body: UpdateSessionBody }>('/api/v2/sessions/:id', {
    schema: {
      tags,
      summary: "Change a session's course material (any status)",
      description: 'Unknown material_id → 404 and nothing changes.',
      params: SessionIdParams,
      body: UpdateSessionBody,
      response: { 200: { $ref: 'Session' } },
    },
  }, async (request) => sessions.setMaterial(request.params.id, request.body.material_id));

  app.post<{ Params: IdParams }>('/api/v2/sessions/:id/pause', {
    schema: { tags, summary: 'Pause recording (idempotent)', params: SessionIdParams, response: { 200: { $ref: 'Session' } } },
  }, async (request) => sessions.pause(request.params.id));

  app.post<{ Params: IdParams }>('/api/v2/sessions/:id/resume', {
    schema: { tags, summary: 'Resume recording (idempotent)', params: SessionIdParams, response: { 200: { $ref: 'Session' } } },
  }, async (request) => sessions.resume(request.params.id));

  app.post<{ Params: IdParams }>('/api/v2/sessions/:id/stop', {
    schema: {
      tags,
      summary: 'Stop the class (final; idempotent)',
      description: '`summary_task_id` names the summary started by auto-summary, or null when none was started.',
      params: SessionIdParams,
      response: { 200: StopResponse },
    },
  }, async (request) => {
    const { session, stoppedNow } = sessions.stop(request.params.id);
    // A repeated stop reports no new summary: the first stop already started (or deferred) it.
    return { ...session, summary_task_id: stoppedNow ? afterStop(session) : null };
  });
}


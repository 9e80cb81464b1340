import { Readable } from 'node:stream';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { limits } from '../../config.js';
import { normaliseBody } from '../../platform/body.js';
import { attachmentDisposition } from '../../platform/content-disposition.js';
import { SessionIdParams } from '../sessions/schemas.js';
import type { SessionService } from '../sessions/service.js';
import { AppendEntryBody, EntriesPage, EntriesPageQuery } from './schemas.js';
import type { EntryService } from './service.js';

type IdParams = Static<typeof SessionIdParams>;
const tags = ['entries'];

export interface EntryRoutesOptions {
  entries: EntryService;
  sessions: SessionService;
}

export async function entryRoutes(app: FastifyInstance, { entries, sessions }: EntryRoutesOptions): Promise<void> {
  app.post<{ Params: IdParams; Body: AppendEntryBody }>('/api/v2/sessions/:id/entries', {
    schema: {
      tags,
      summary: 'Append a transcript entry',
      description:
        'Idempotent per (session, source_id): the same text again answers 200 with the stored entry and sends no event; different text is a 409.',
      params: SessionIdParams,
      body: AppendEntryBody,
      response: { 200: { $ref: 'Entry' }, 201: { $ref: 'Entry' } },
    },
    preValidation: normaliseBody(['text']),
  }, async (request, reply) => {
    const { entry, created } = entries.append(request.params.id, request.body);
    return reply.code(created ? 201 : 200).send(entry);
  });

  app.get<{ Params: IdParams; Querystring: Static<typeof EntriesPageQuery> }>('/api/v2/sessions/:id/entries', {
    schema: { tags, summary: 'Entries in ascending id order', params: SessionIdParams, querystring: EntriesPageQuery, response: { 200: EntriesPage } },
  }, async (request) => entries.page(request.params.id, request.query.after_id ?? 0, request.query.limit ?? limits.entriesPageDefault));

  app.get<{ Params: IdParams }>('/api/v2/sessions/:id/export', {
    schema: {
      tags,
      summary: 'The transcript as text/plain, one `ISO-time<TAB>text` line per entry, streamed',
      params: SessionIdParams,
      produces: ['text/plain'],
    },
  }, async (request, reply) => {
    const session = sessions.get(request.params.id);
    return reply
      .type('text/plain; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(session.course_name, 'txt'))
      .send(Readable.from(entries.exportLines(session.id)));
  });
}

import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition } from '../../platform/content-disposition.js';
import { notFound } from '../../platform/errors.js';
import { exportDocumentText } from '../../platform/text-rule.js';
import { SessionIdParams } from '../sessions/schemas.js';
import type { SessionService } from '../sessions/service.js';
import { NoteIdParams, NoteList } from './schemas.js';
import type { NoteStore } from './store.js';

const tags = ['notes'];

export interface NoteRoutesOptions {
  notes: NoteStore;
  sessions: SessionService;
}

export async function noteRoutes(app: FastifyInstance, { notes, sessions }: NoteRoutesOptions): Promise<void> {
  app.get<{ Params: Static<typeof SessionIdParams> }>('/api/v2/sessions/:id/summaries', {
    schema: { tags, summary: "A class's notes, newest first", params: SessionIdParams, response: { 200: NoteList } },
  }, async (request) => {
    sessions.get(request.params.id);
    return { items: notes.list(request.params.id) };
  });

  app.get<{ Params: Static<typeof NoteIdParams> }>('/api/v2/summaries/:id/export', {
    schema: { tags, summary: 'A note as a Markdown file', params: NoteIdParams, produces: ['text/markdown'] },
  }, async (request, reply) => {
    const note = notes.get(request.params.id);
    if (!note) throw notFound('Summary');
    // The Markdown was written by a provider: an export is clean text all the same.
    const markdown = exportDocumentText(note.markdown);
    return reply
      .type('text/markdown; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(note.title, 'md'))
      .send(markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  });
}

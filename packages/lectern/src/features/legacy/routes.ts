import type { FastifyInstance } from 'fastify';
import type { LegacyService } from './service.js';
import { ImportConfigBody, ImportConfigResult, ImportFolderBody, ImportFolderResult } from './schemas.js';

const tags = ['import'];

export interface LegacyRoutesOptions {
  legacy: LegacyService;
}

export async function legacyRoutes(app: FastifyInstance, { legacy }: LegacyRoutesOptions): Promise<void> {
  app.post<{ Body: ImportFolderBody }>('/api/v2/import', {
    schema: {
      tags,
      summary: 'Import a Lectern 1.x data folder (explicit only; idempotent by content)',
      description:
        'Reads class_transcript.txt (a stopped `import` session, its rolling summary a note), summaries/*.md (a session with one note each) ' +
        'and cite/*.txt (materials). Symlinks, files resolving outside the folder, files over 20 MiB and undecodable files are skipped and listed. ' +
        'One transaction: a failure imports nothing. A missing or unreadable folder → 422.',
      body: ImportFolderBody,
      response: { 200: ImportFolderResult },
    },
  }, async (request) => legacy.importFolder(request.body.directory));

  app.post<{ Body: ImportConfigBody }>('/api/v2/import-config', {
    schema: {
      tags,
      summary: 'Import a Lectern 1.x .env file (settings into a fresh profile, keys not yet stored)',
      description:
        'Not `*.example`, at most 128 KiB, else 422. Placeholders are skipped; saved settings and stored or environment-provided keys win; ' +
        'an invalid setting value → 422 and nothing is imported. The file is only read.',
      body: ImportConfigBody,
      response: { 200: ImportConfigResult },
    },
  }, async (request) => legacy.importConfig(request.body.path));
}

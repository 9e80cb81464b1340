import type { FastifyInstance } from 'fastify';
import { SettingsPutBody, SettingsSchema } from './schemas.js';
import type { SettingsService } from './service.js';

const tags = ['settings'];
const settingsRef = { $ref: SettingsSchema.$id };

/**
 * The PUT body schema documents the request; the service validates it itself (aliases,
 * trimming before length checks, every issue at once), so the route skips Fastify's pass.
 */
const validatedByService = () => (data: unknown) => ({ value: data });

export interface SettingsRoutesOptions {
  settings: SettingsService;
}

export async function settingsRoutes(app: FastifyInstance, { settings }: SettingsRoutesOptions): Promise<void> {
  app.get('/api/v2/settings', {
    schema: { tags, summary: 'The full settings', response: { 200: settingsRef } },
  }, async () => settings.get());

  app.put('/api/v2/settings', {
    schema: {
      tags,
      summary: 'Change any subset of the settings; answers the full settings',
      description:
        'Sections merge field by field; `appearance` and lists are replaced whole. Sending back what GET returned changes nothing and sends no event. '
        + 'ClassFox 2.0 names are accepted: `version` (ignored), top-level `keywords`/`warning_keywords`, `llm.managed`, extra `asr.*` fields (kept for round trip).',
      body: SettingsPutBody,
      response: { 200: settingsRef },
    },
    validatorCompiler: validatedByService,
  }, async (request) => settings.update(request.body));
}

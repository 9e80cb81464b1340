import type { FastifyInstance } from 'fastify';
import { normaliseBody } from '../../platform/body.js';
import { CredentialConfigured, CredentialList, CredentialNameParams, CredentialStatusSchema, PutCredentialBody } from './schemas.js';
import type { CredentialService } from './service.js';

const tags = ['credentials'];
const path = '/api/v2/credentials/:name';

export interface CredentialRoutesOptions {
  credentials: CredentialService;
}

export async function credentialRoutes(app: FastifyInstance, { credentials }: CredentialRoutesOptions): Promise<void> {
  app.get('/api/v2/credentials', {
    schema: { tags, summary: 'Which credentials are configured (never their values)', response: { 200: CredentialList } },
  }, async () => ({ items: credentials.list() }));

  app.get<{ Params: CredentialNameParams }>(path, {
    schema: { tags, summary: 'Whether one credential is configured (never its value)', params: CredentialNameParams, response: { 200: CredentialStatusSchema } },
  }, async (request) => credentials.status(request.params.name));

  app.put<{ Params: CredentialNameParams; Body: PutCredentialBody }>(path, {
    schema: {
      tags,
      summary: 'Store a credential (write-only, encrypted at rest)',
      description: 'A credential provided by the environment (`LECTERN_<NAME>_KEY`) answers 409 invalid_state.',
      params: CredentialNameParams,
      body: PutCredentialBody,
      response: { 200: CredentialConfigured },
    },
    preValidation: normaliseBody(['value']),
  }, async (request) => credentials.put(request.params.name, request.body.value));

  app.delete<{ Params: CredentialNameParams }>(path, {
    schema: {
      tags,
      summary: 'Forget a stored credential (idempotent)',
      description: 'A credential provided by the environment answers 409 invalid_state.',
      params: CredentialNameParams,
      response: { 200: CredentialConfigured },
    },
  }, async (request) => credentials.remove(request.params.name));
}

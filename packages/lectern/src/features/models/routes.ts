import type { FastifyInstance } from 'fastify';
import { ModelIdParams, ModelList, ModelRuntimeSchema, ModelSchema, ModelStarted } from './schemas.js';
import type { ModelService } from './service.js';

const tags = ['models'];
const modelRef = { $ref: ModelSchema.$id };

export interface ModelRoutesOptions {
  models: ModelService;
}

export async function modelRoutes(app: FastifyInstance, { models }: ModelRoutesOptions): Promise<void> {
  // A shutdown stops running downloads (their partial files kept) before the database closes.
  app.addHook('onClose', async () => models.close());

  app.get('/api/v2/models', {
    schema: { tags, summary: 'The manifest\'s models and where each installation stands', response: { 200: ModelList } },
  }, async () => ({ items: models.list() }));

  app.get('/api/v2/models/runtime', {
    schema: { tags, summary: 'Readiness of the speech recogniser and the local LLM engines', response: { 200: { $ref: ModelRuntimeSchema.$id } } },
  }, async () => models.runtimeStatus());

  app.post<{ Params: ModelIdParams }>('/api/v2/models/:id/start', {
    schema: {
      tags,
      summary: 'Warm an installed model (concurrent calls share one start)',
      description:
        'Checks the installed files against their recorded digests and loads the model; answers once it is ready. Not installed, or failing to load: 503 model_unavailable. A model unused for the idle time (LECTERN_MODEL_IDLE_SECONDS, default 15 minutes) is unloaded again; `models.runtime` events follow every change.',
      params: ModelIdParams,
      response: { 200: ModelStarted },
    },
  }, async (request) => models.start(request.params.id));

  app.post<{ Params: ModelIdParams }>('/api/v2/models/:id/install', {
    schema: {
      tags,
      summary: 'Install a model (idempotent while running)',
      description:
        'Checks free space (twice what is left to download plus 256 MiB; 503 storage_error when short), then downloads with resume, verifies, moves into place and probes in the background: follow `model.installation` events or GET /models. A system-package model answers 409.',
      params: ModelIdParams,
      response: { 202: modelRef },
    },
  }, async (request, reply) => reply.code(202).send(await models.install(request.params.id)));

  app.delete<{ Params: ModelIdParams }>('/api/v2/models/:id/install', {
    schema: {
      tags,
      summary: 'Cancel an installation at once (the partial download is kept for the next install)',
      params: ModelIdParams,
      response: { 200: modelRef },
    },
  }, async (request) => models.cancel(request.params.id));

  app.delete<{ Params: ModelIdParams }>('/api/v2/models/:id', {
    schema: {
      tags,
      summary: "Remove an installed model's files (409 while it is being installed, started or answering)",
      params: ModelIdParams,
      response: { 200: modelRef },
    },
  }, async (request) => models.remove(request.params.id));
}

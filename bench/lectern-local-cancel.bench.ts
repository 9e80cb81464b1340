/**
 * Cancelling a `local` answer: how long after `DELETE /assistant/{id}` node-llama-cpp stops
 * generating (the contract's figure: 100 ms). The tiny random-weight GGUF of the model tests
 * that never ends its reply by itself is installed from a loopback mirror; each round starts a
 * rescue, waits for its first delta, cancels it, and times until the model is out of use —
 * observed as `DELETE /models/{id}` (409 while a chat is generating) succeeding. That removes
 * the model, so every round installs it again (not timed). The same wiring as `lectern serve`
 * (services, routes), in process. Run: npm run bench -- local-cancel
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Task } from '../packages/lectern/src/features/assistant/schemas.js';
import type { Model } from '../packages/lectern/src/features/models/schemas.js';
import { startFeatureServer } from '../packages/lectern/test/support/feature-server.js';
import { sha256Of, startModelMirror } from '../packages/lectern/test/support/model-mirror.js';
import { tinyGguf } from '../packages/lectern/test/support/tiny-gguf.js';
import { report, summarise } from './support/stats.js';

const ROUNDS = 12;
const TARGET_MS = 100;
const MODEL_ID = 'tiny-endless';
const POLL_MS = 1;

const root = mkdtempSync(join(tmpdir(), 'lectern-local-cancel-'));
const mirror = await startModelMirror();
const content = tinyGguf({ endless: true });
mirror.serve(`/${MODEL_ID}/model.gguf`, content);
const manifest = join(root, 'manifest.json');
writeFileSync(manifest, JSON.stringify({
  models: [{
    id: MODEL_ID, kind: 'llm', name: MODEL_ID, description: 'a tiny random-weight GGUF that never ends its reply',
    license: 'MIT', license_url: 'https://example.invalid/license', source_url: 'https://example.invalid/source',
    files: [{ name: 'model.gguf', url: `${mirror.baseUrl}/${MODEL_ID}/model.gguf`, size_bytes: content.length, sha256: sha256Of(content) }],
  }],
}));
const feature = await startFeatureServer(['assistant', 'models', 'settings'], {
  environment: { LECTERN_MODEL_MANIFEST: manifest },
  models: { freeSpace: async () => 1e15, systemRecogniser: { searchPath: '', modelDir: '/nonexistent' } },
});

async function install(): Promise<void> {
  const started = await feature.inject({ method: 'POST', url: `/api/v2/models/${MODEL_ID}/install` });
  if (started.statusCode !== 202) throw new Error(`install answered ${started.statusCode}: ${started.body}`);
  for (;;) {
    const model = (await feature.inject({ method: 'GET', url: '/api/v2/models' })).json<{ items: Model[] }>().items.find((item) => item.id === MODEL_ID);
    if (model?.state === 'ready') return;
    if (model === undefined || model.state === 'failed' || model.state === 'cancelled') throw new Error(`install ended ${JSON.stringify(model)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

try {
  feature.services.settings.update({ llm: { mode: 'local', local_model_id: MODEL_ID } });
  const session = await feature.services.sessions.create({ course_name: 'Calculus' });
  feature.services.entries.append(session.id, { text: 'The derivative is the slope of the tangent line.', source_id: 'a' });
  const stoppedMs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await install();
    const firstDelta = new Promise<void>((resolve) => {
      const unsubscribe = feature.services.hub.subscribe(({ frame }) => {
        if (frame.type !== 'assistant.delta') return;
        unsubscribe();
        resolve();
      });
    });
    const created = await feature.inject({ method: 'POST', url: `/api/v2/sessions/${session.id}/assistant`, payload: { kind: 'rescue' } });
    if (created.statusCode !== 202) throw new Error(`rescue answered ${created.statusCode}: ${created.body}`);
    await firstDelta;
    const cancelledAt = performance.now();
    const cancelled = await feature.inject({ method: 'DELETE', url: `/api/v2/assistant/${created.json<Task>().id}` });
    if (cancelled.json<Task>().status !== 'cancelled') throw new Error(`the cancel answered ${cancelled.body}`);
    for (;;) {
      const removed = await feature.inject({ method: 'DELETE', url: `/api/v2/models/${MODEL_ID}` });
      if (removed.statusCode === 200) break;
      if (removed.statusCode !== 409) throw new Error(`removing the model answered ${removed.statusCode}: ${removed.body}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    stoppedMs.push(performance.now() - cancelledAt);
  }
  const stopped = summarise(stoppedMs);
  report('lectern local answer: generation stopped after DELETE /assistant/{id}', `p50 and p90 < ${TARGET_MS} ms`, stopped.p90Ms < TARGET_MS, { stopped });
} finally {
  await feature.close();
  await mirror.close();
  rmSync(root, { recursive: true, force: true });
}

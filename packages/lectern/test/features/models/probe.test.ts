import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Model } from '../../../src/features/models/schemas.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { fileOf, sha256Of, startModelMirror, type ModelMirror } from '../../support/model-mirror.js';
import { tinyGguf } from '../../support/tiny-gguf.js';

const plentyOfSpace = async () => 1e15;
const noSystemRecogniser = { searchPath: '', modelDir: '/nonexistent' };

describe('model load probe (a child process loads the installed model)', () => {
  let mirror: ModelMirror;
  const root = mkdtempSync(join(tmpdir(), 'lectern-probe-'));
  const servers: FeatureServer[] = [];
  let count = 0;

  before(async () => {
    mirror = await startModelMirror();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  after(async () => {
    await mirror.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function serverWith(kind: 'llm' | 'asr', files: { name: string; content: Buffer }[]): Promise<{ server: FeatureServer; id: string }> {
    const id = `probe-${kind}-${++count}`;
    const entry = {
      id,
      kind,
      name: id,
      description: 'made by the test',
      license: 'MIT',
      license_url: 'https://example.invalid/license',
      source_url: 'https://example.invalid/source',
      files: files.map((file) => {
        mirror.serve(`/${id}/${file.name}`, file.content);
        return { name: file.name, url: `${mirror.baseUrl}/${id}/${file.name}`, size_bytes: file.content.length, sha256: sha256Of(file.content) };
      }),
    };
    const manifest = join(root, `${id}.json`);
    writeFileSync(manifest, JSON.stringify({ models: [entry] }));
    const server = await startFeatureServer(['models'], {
      environment: { LECTERN_MODEL_MANIFEST: manifest },
      models: { freeSpace: plentyOfSpace, systemRecogniser: noSystemRecogniser },
    });
    servers.push(server);
    return { server, id };
  }

  async function settle(server: FeatureServer, id: string): Promise<Model> {
    const started = await server.inject({ method: 'POST', url: `/api/v2/models/${id}/install` });
    assert.equal(started.statusCode, 202);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const model = (await server.inject({ method: 'GET', url: '/api/v2/models' })).json<{ items: Model[] }>().items.find((item) => item.id === id);
      assert.ok(model);
      if (['ready', 'failed', 'cancelled'].includes(model.state)) return model;
      assert.ok(Date.now() < deadline, `${id} still ${model.state}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('installs a real GGUF: downloaded, verified, loaded and answering in a child process, then ready', async () => {
    const { server, id } = await serverWith('llm', [{ name: 'tiny.gguf', content: tinyGguf() }]);
    const model = await settle(server, id);
    assert.equal(model.state, 'ready', JSON.stringify(model));
    assert.ok(existsSync(join(server.dataDir, 'models', id, 'tiny.gguf')));
    assert.deepEqual(server.services.models.installedFiles(id)?.files, { 'tiny.gguf': join(server.dataDir, 'models', id, 'tiny.gguf') });
  });

  it('fails a file that is not a model (right hash, wrong content) and removes it, never ready', async () => {
    const { server, id } = await serverWith('llm', [{ name: 'broken.gguf', content: fileOf(300_000, 5) }]);
    const model = await settle(server, id);
    assert.equal(model.state, 'failed');
    assert.match(model.error ?? '', /did not load|load probe/);
    assert.equal(existsSync(join(server.dataDir, 'models', id)), false, 'files removed');
    assert.equal(server.services.models.installedFiles(id), null);
  });

  it('fails ASR files the recogniser runtime cannot load, with a clear message, and removes them', async () => {
    const { server, id } = await serverWith('asr', [
      { name: 'model.int8.onnx', content: fileOf(100_000, 6) },
      { name: 'tokens.txt', content: Buffer.from('<blk> 0\n<sos/eos> 1\n') },
      { name: 'silero_vad.onnx', content: fileOf(10_000, 7) },
    ]);
    const model = await settle(server, id);
    assert.equal(model.state, 'failed');
    // Without sherpa-onnx-node the message names the runtime; with it, the model does not load.
    assert.match(model.error ?? '', /sherpa-onnx-node is not installed|did not load|load probe/);
    assert.equal(existsSync(join(server.dataDir, 'models', id)), false, 'files removed');
  });
});

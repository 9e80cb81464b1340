import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadUrlOf, refusalOf } from '../../../src/features/models/download-url.js';
import { builtInManifest, loadManifest } from '../../../src/features/models/manifest.js';
import type { Model } from '../../../src/features/models/schemas.js';
import { systemRecogniserRecord } from '../../../src/features/models/system-recogniser.js';
import { startFeatureServer } from '../../support/feature-server.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-model-list-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('model list and manifest', () => {
  it('GET /models lists the built-in manifest, all missing, and the system recogniser', async () => {
    const feature = await startFeatureServer(['models'], { models: { systemRecogniser: { searchPath: '', modelDir: '/nonexistent' } } });
    try {
      const response = await feature.inject({ method: 'GET', url: '/api/v2/models' });
      assert.equal(response.statusCode, 200);
      const items = response.json<{ items: Model[] }>().items;
      assert.deepEqual(items.map((model) => [model.id, model.kind, model.state]), [
        ['sensevoice-small', 'asr', 'missing'],
        ['qwen2.5-1.5b-instruct', 'llm', 'missing'],
        ['pocketsphinx-en', 'asr', 'missing'],
      ]);
      const qwen = items[1];
      assert.ok(qwen);
      assert.deepEqual(Object.keys(qwen).sort(), ['bytes_done', 'bytes_total', 'description', 'error', 'id', 'kind', 'license', 'license_url', 'name', 'size_bytes', 'source_url', 'state']);
      assert.equal(qwen.license, 'Apache-2.0');
      assert.ok(qwen.size_bytes > 1e9);
      assert.equal(qwen.bytes_done, 0);
      assert.match(items[2]?.error ?? '', /pocketsphinx-en-us/);
    } finally {
      await feature.close();
    }
  });

  it('reports pocketsphinx-en ready when the decoder Lectern runs and its English model are installed', () => {
    const bin = join(root, 'bin');
    const model = join(root, 'model');
    mkdirSync(bin);
    mkdirSync(join(model, 'en-us'), { recursive: true });
    writeFileSync(join(model, 'cmudict-en-us.dict'), '');
    // Debian's pocketsphinx ships pocketsphinx_continuous too, but Lectern runs pocketsphinx_batch: that one is what counts.
    writeFileSync(join(bin, 'pocketsphinx_continuous'), '#!/bin/sh\n');
    chmodSync(join(bin, 'pocketsphinx_continuous'), 0o755);
    assert.equal(systemRecogniserRecord({ searchPath: bin, modelDir: model }).state, 'missing');
    writeFileSync(join(bin, 'pocketsphinx_batch'), '#!/bin/sh\n');
    chmodSync(join(bin, 'pocketsphinx_batch'), 0o755);
    const ready = systemRecogniserRecord({ searchPath: bin, modelDir: model });
    assert.equal(ready.state, 'ready');
    assert.equal(ready.error, null);
    assert.equal(systemRecogniserRecord({ searchPath: '', modelDir: model }).state, 'missing');
  });

  it('ships no invented digest: every built-in file is unpinned, over https', () => {
    for (const entry of builtInManifest) {
      for (const file of entry.files) {
        assert.equal(file.sha256, null, `${entry.id}/${file.name}`);
        assert.ok(file.url.startsWith('https://'));
      }
    }
  });

  it('LECTERN_MODEL_MANIFEST replaces the manifest and must pin every digest', () => {
    const file = { name: 'w.gguf', url: 'http://127.0.0.1:9/w.gguf', size_bytes: 10, sha256: 'b'.repeat(64) };
    const entry = { id: 'tiny', kind: 'llm', name: 'Tiny', description: '', license: 'MIT', license_url: '', source_url: '', files: [file] };
    const good = join(root, 'good.json');
    writeFileSync(good, JSON.stringify({ models: [entry] }));
    assert.deepEqual(loadManifest({ LECTERN_MODEL_MANIFEST: good }).map((model) => model.id), ['tiny']);
    const unpinned = join(root, 'unpinned.json');
    writeFileSync(unpinned, JSON.stringify({ models: [{ ...entry, files: [{ ...file, sha256: null }] }] }));
    assert.throws(() => loadManifest({ LECTERN_MODEL_MANIFEST: unpinned }), /pinned sha256/);
    const escaping = join(root, 'escaping.json');
    writeFileSync(escaping, JSON.stringify({ models: [{ ...entry, files: [{ ...file, name: '../x' }] }] }));
    assert.throws(() => loadManifest({ LECTERN_MODEL_MANIFEST: escaping }));
    assert.equal(loadManifest({}), builtInManifest);
  });

  it('a mirror replaces the host and keeps its own path prefix; plain http only to loopback', () => {
    const url = 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/q.gguf';
    assert.equal(downloadUrlOf(url, null).href, url);
    assert.equal(downloadUrlOf(url, 'https://mirror.example/hf').href, 'https://mirror.example/hf/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/q.gguf');
    assert.equal(refusalOf(new URL('http://127.0.0.1:8080/x')), null);
    assert.match(refusalOf(new URL('http://mirror.example/x')) ?? '', /https/);
    assert.match(refusalOf(new URL('ftp://mirror.example/x')) ?? '', /https/);
  });
});

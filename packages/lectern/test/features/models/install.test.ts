import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Model } from '../../../src/features/models/schemas.js';
import type { BusFrame } from '../../../src/event-catalogue.js';
import { startFeatureServer, type FeatureServer } from '../../support/feature-server.js';
import { fileOf, sha256Of, startModelMirror, type MirrorFileBehaviour, type ModelMirror } from '../../support/model-mirror.js';

const MiB = 1024 * 1024;
const plentyOfSpace = async () => 1e15;
const noSystemRecogniser = { searchPath: '', modelDir: '/nonexistent' };
/**
 * These tests are about the transfer (their files are random bytes, no model): the probe only
 * checks that every verified file is in place. The real child-process probe has probe.test.ts.
 */
const transferOnlyProbe = async (entry: { files: { name: string }[] }, dir: string, digests: Readonly<Record<string, string>>) => {
  for (const file of entry.files) {
    assert.ok(digests[file.name], `${file.name} verified`);
    assert.ok(existsSync(join(dir, file.name)), `${file.name} in place`);
  }
};

interface TestFile {
  name: string;
  content: Buffer;
  behaviour?: MirrorFileBehaviour;
  /** A digest other than the content's (a wrong pin). */
  sha256?: string;
}

describe('model install', () => {
  let mirror: ModelMirror;
  const root = mkdtempSync(join(tmpdir(), 'lectern-models-'));
  const servers: FeatureServer[] = [];
  let modelCount = 0;

  before(async () => {
    mirror = await startModelMirror();
  });
  afterEach(async () => {
    mirror.release();
    for (const server of servers.splice(0)) await server.close();
  });
  after(async () => {
    await mirror.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** A manifest of one model (fresh id, fresh mirror paths) and a server using it. */
  function manifestOf(files: TestFile[], id = `test-model-${++modelCount}`): { id: string; path: string } {
    const entry = {
      id,
      kind: 'llm',
      name: `Test ${id}`,
      description: 'made by the test',
      license: 'MIT',
      license_url: 'https://example.invalid/license',
      source_url: 'https://example.invalid/source',
      files: files.map((file) => {
        mirror.serve(`/${id}/${file.name}`, file.content, file.behaviour);
        return { name: file.name, url: `${mirror.baseUrl}/${id}/${file.name}`, size_bytes: file.content.length, sha256: file.sha256 ?? sha256Of(file.content) };
      }),
    };
    const path = join(root, `${id}.json`);
    writeFileSync(path, JSON.stringify({ models: [entry] }));
    return { id, path };
  }

  function manifestOfMany(paths: string[]): string {
    const models = paths.flatMap((path) => (JSON.parse(readFileSync(path, 'utf8')) as { models: unknown[] }).models);
    const path = join(root, `many-${++modelCount}.json`);
    writeFileSync(path, JSON.stringify({ models }));
    return path;
  }

  async function serverFor(manifestPath: string, options: { freeSpace?: (dir: string) => Promise<number>; dataDir?: string } = {}): Promise<FeatureServer> {
    const server = await startFeatureServer(['models'], {
      environment: { LECTERN_MODEL_MANIFEST: manifestPath },
      models: { freeSpace: options.freeSpace ?? plentyOfSpace, systemRecogniser: noSystemRecogniser, probe: transferOnlyProbe },
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    });
    servers.push(server);
    return server;
  }

  async function record(server: FeatureServer, id: string): Promise<Model> {
    const list = await server.inject({ method: 'GET', url: '/api/v2/models' });
    assert.equal(list.statusCode, 200);
    const found = list.json<{ items: Model[] }>().items.find((model) => model.id === id);
    assert.ok(found, `no record for ${id}`);
    return found;
  }

  async function until(server: FeatureServer, id: string, done: (model: Model) => boolean, timeoutMs = 10_000): Promise<Model> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const model = await record(server, id);
      if (done(model)) return model;
      if (Date.now() > deadline) assert.fail(`${id} still ${JSON.stringify(model)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const settled = (model: Model) => ['ready', 'failed', 'cancelled'].includes(model.state);

  const install = (server: FeatureServer, id: string) => server.inject({ method: 'POST', url: `/api/v2/models/${id}/install` });
  const cancel = (server: FeatureServer, id: string) => server.inject({ method: 'DELETE', url: `/api/v2/models/${id}/install` });
  const modelDir = (server: FeatureServer, id: string) => join(server.dataDir, 'models', id);

  it('downloads, verifies and moves every file into place, then reports ready', async () => {
    const files = [{ name: 'weights.gguf', content: fileOf(3 * MiB, 7) }, { name: 'tokens.txt', content: fileOf(5000, 8) }];
    const { id, path } = manifestOf(files);
    const server = await serverFor(path);
    const frames: BusFrame[] = [];
    server.services.hub.subscribe(({ frame }) => frames.push(frame));

    const started = await install(server, id);
    assert.equal(started.statusCode, 202);
    assert.equal(started.json<Model>().state, 'downloading');
    const again = await install(server, id);
    assert.equal(again.statusCode, 202, 'idempotent while running');

    const ready = await until(server, id, settled);
    assert.equal(ready.state, 'ready', JSON.stringify(ready));
    assert.equal(ready.error, null);
    assert.equal(ready.bytes_done, 3 * MiB + 5000);
    assert.equal(ready.bytes_total, ready.bytes_done);
    for (const file of files) assert.deepEqual(readFileSync(join(modelDir(server, id), file.name)), file.content);
    assert.deepEqual(readdirSync(modelDir(server, id)).filter((name) => name.endsWith('.partial')), []);
    assert.equal(mirror.requests.filter((request) => request.path.startsWith(`/${id}/weights`)).length, 1, 'the second POST started nothing');

    await new Promise((resolve) => setTimeout(resolve, 150)); // the trailing frame of the throttle
    const installation = frames.filter((frame) => frame.type === 'model.installation');
    assert.ok(installation.length >= 1);
    assert.equal(installation.at(-1)?.type === 'model.installation' && installation.at(-1)?.data.model.state, 'ready');
    const reinstall = await install(server, id);
    assert.equal(reinstall.json<Model>().state, 'ready', 'a ready model is not downloaded again');
  });

  it('fails on a wrong hash and removes what it downloaded, never reporting ready', async () => {
    const { id, path } = manifestOf([{ name: 'weights.gguf', content: fileOf(200_000, 3), sha256: 'a'.repeat(64) }]);
    const server = await serverFor(path);
    await install(server, id);
    const failed = await until(server, id, settled);
    assert.equal(failed.state, 'failed');
    assert.match(failed.error ?? '', /sha256 does not match/);
    assert.doesNotMatch(failed.error ?? '', /127\.0\.0\.1/, 'no URL in messages');
    assert.equal(existsSync(modelDir(server, id)), false);
  });

  it('resumes a cut connection with a Range request and still verifies the whole file', async () => {
    const content = fileOf(1 * MiB, 11);
    const { id, path } = manifestOf([{ name: 'weights.gguf', content, behaviour: { cutAfterBytes: 300_000, cutTimes: 1 } }]);
    const server = await serverFor(path);
    await install(server, id);
    const ready = await until(server, id, settled);
    assert.equal(ready.state, 'ready', JSON.stringify(ready));
    const ranges = mirror.requests.filter((request) => request.path === `/${id}/weights.gguf`).map((request) => request.range);
    assert.equal(ranges.length, 2);
    assert.equal(ranges[0], undefined);
    assert.match(ranges[1] ?? '', /^bytes=\d+-$/);
    assert.ok(Number(/\d+/.exec(ranges[1] ?? '')?.[0]) > 0);
    assert.deepEqual(readFileSync(join(modelDir(server, id), 'weights.gguf')), content);
  });

  it('fails after repeated cuts keeping the partial, and the next install resumes from it', async () => {
    const content = fileOf(800_000, 12);
    const { id, path } = manifestOf([{ name: 'weights.gguf', content, behaviour: { cutAfterBytes: 200_000, cutTimes: 3 } }]);
    const server = await serverFor(path);
    await install(server, id);
    const failed = await until(server, id, settled);
    assert.equal(failed.state, 'failed');
    assert.match(failed.error ?? '', /install again to resume/);
    assert.ok(failed.bytes_done >= 200_000, 'the partial is kept');
    assert.ok(existsSync(join(modelDir(server, id), 'weights.gguf.partial')));

    await install(server, id);
    const ready = await until(server, id, settled);
    assert.equal(ready.state, 'ready', JSON.stringify(ready));
    const last = mirror.requests.filter((request) => request.path === `/${id}/weights.gguf`).at(-1);
    assert.match(last?.range ?? '', /^bytes=[1-9]\d*-$/);
    assert.deepEqual(readFileSync(join(modelDir(server, id), 'weights.gguf')), content);
  });

  it('cancels at once, keeps the partial, and the next install resumes with Range', async () => {
    const content = fileOf(2 * MiB, 13);
    const { id, path } = manifestOf([{ name: 'weights.gguf', content, behaviour: { holdAfterBytes: 500_000 } }]);
    const server = await serverFor(path);
    await install(server, id);
    await until(server, id, (model) => model.bytes_done >= 500_000);
    const startedAt = Date.now();
    const cancelled = await cancel(server, id);
    assert.equal(cancelled.statusCode, 200);
    assert.equal(cancelled.json<Model>().state, 'cancelled');
    assert.ok(Date.now() - startedAt < 1000);
    assert.ok(existsSync(join(modelDir(server, id), 'weights.gguf.partial')));
    assert.equal((await record(server, id)).state, 'cancelled');

    mirror.serve(`/${id}/weights.gguf`, content);
    const resumed = await install(server, id);
    assert.equal(resumed.statusCode, 202);
    const ready = await until(server, id, settled);
    assert.equal(ready.state, 'ready', JSON.stringify(ready));
    assert.equal(mirror.requests.filter((request) => request.path === `/${id}/weights.gguf`).at(-1)?.range, 'bytes=500000-');
    assert.deepEqual(readFileSync(join(modelDir(server, id), 'weights.gguf')), content);
  });

  it('survives a restart mid-download: the record says so and the next install resumes', async () => {
    const content = fileOf(1 * MiB, 14);
    const { id, path } = manifestOf([{ name: 'weights.gguf', content, behaviour: { holdAfterBytes: 400_000 } }]);
    const dataDir = mkdtempSync(join(root, 'restart-'));
    const first = await serverFor(path, { dataDir });
    await install(first, id);
    await until(first, id, (model) => model.bytes_done >= 400_000);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    mirror.serve(`/${id}/weights.gguf`, content);
    const second = await serverFor(path, { dataDir });
    const interrupted = await record(second, id);
    assert.equal(interrupted.state, 'cancelled');
    assert.match(interrupted.error ?? '', /restart/);
    assert.equal(interrupted.bytes_done, 400_000);
    await install(second, id);
    const ready = await until(second, id, settled);
    assert.equal(ready.state, 'ready', JSON.stringify(ready));
    assert.equal(mirror.requests.filter((request) => request.path === `/${id}/weights.gguf`).at(-1)?.range, 'bytes=400000-');
    assert.deepEqual(readFileSync(join(modelDir(second, id), 'weights.gguf')), content);
  });

  it('refuses with 503 storage_error when the disk lacks twice the size plus 256 MiB, downloading nothing', async () => {
    const content = fileOf(100_000, 15);
    const { id, path } = manifestOf([{ name: 'weights.gguf', content }]);
    const server = await serverFor(path, { freeSpace: async () => 2 * 100_000 + 256 * MiB - 1 });
    const refused = await install(server, id);
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json<{ error: string }>().error, 'storage_error');
    assert.match(refused.json<{ message: string }>().message, /free disk space/);
    assert.equal(mirror.requests.some((request) => request.path.startsWith(`/${id}/`)), false);
    assert.equal((await record(server, id)).state, 'missing');
  });

  it('installs two models side by side, and holds free space for the one running', async () => {
    const a = manifestOf([{ name: 'a.bin', content: fileOf(1 * MiB, 16), behaviour: { bytesPerSecond: 4 * MiB } }]);
    const b = manifestOf([{ name: 'b.bin', content: fileOf(1 * MiB, 17), behaviour: { bytesPerSecond: 4 * MiB } }]);
    const server = await serverFor(manifestOfMany([a.path, b.path]));
    const [first, second] = await Promise.all([install(server, a.id), install(server, b.id)]);
    assert.equal(first.statusCode, 202);
    assert.equal(second.statusCode, 202);
    const [readyA, readyB] = await Promise.all([until(server, a.id, settled), until(server, b.id, settled)]);
    assert.equal(readyA.state, 'ready');
    assert.equal(readyB.state, 'ready');

    const c = manifestOf([{ name: 'c.bin', content: fileOf(1 * MiB, 18), behaviour: { holdAfterBytes: 1000 } }]);
    const d = manifestOf([{ name: 'd.bin', content: fileOf(1 * MiB, 19) }]);
    const oneFits = async () => 2 * MiB + 256 * MiB + 3 * MiB;
    const tight = await serverFor(manifestOfMany([c.path, d.path]), { freeSpace: oneFits });
    assert.equal((await install(tight, c.id)).statusCode, 202);
    const refused = await install(tight, d.id);
    assert.equal(refused.statusCode, 503, 'the running install holds its share of the free space');
    await cancel(tight, c.id);
  });

  it('sends at most 10 model.installation frames a second per model, with bytes and rate', async () => {
    const { id, path } = manifestOf([{ name: 'slow.bin', content: fileOf(600_000, 20), behaviour: { bytesPerSecond: 400_000 } }]);
    const server = await serverFor(path);
    const frames: { at: number; model: Model; rate: number }[] = [];
    server.services.hub.subscribe(({ frame }) => {
      if (frame.type === 'model.installation' && frame.data.model.id === id) frames.push({ at: Date.now(), model: frame.data.model, rate: frame.data.rate_bytes_per_second });
    });
    await install(server, id);
    await until(server, id, settled);
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.ok(frames.length >= 5, `${frames.length} frames`);
    for (let i = 10; i < frames.length; i++) assert.ok((frames[i]?.at ?? 0) - (frames[i - 10]?.at ?? 0) >= 990, 'at most 10 in any second');
    assert.ok(frames.some((frame) => frame.model.bytes_done > 0 && frame.model.bytes_done < 600_000 && frame.rate > 0));
    assert.equal(frames.at(-1)?.model.state, 'ready');
  });

  it('refuses a redirect to plain http, and a file over its size cap, never ready', async () => {
    const target = manifestOf([{ name: 'x.bin', content: fileOf(1000, 21) }]);
    const redirected = manifestOf([{ name: 'r.bin', content: fileOf(1000, 21), behaviour: { redirectTo: `${mirror.baseUrl}/${target.id}/x.bin` } }]);
    const server = await serverFor(manifestOfMany([redirected.path]));
    await install(server, redirected.id);
    const refused = await until(server, redirected.id, settled);
    assert.equal(refused.state, 'failed');
    assert.match(refused.error ?? '', /non-https/);

    const big = manifestOf([{ name: 'big.bin', content: fileOf(1000, 22) }]);
    const manifest = JSON.parse(readFileSync(big.path, 'utf8')) as { models: { files: { size_bytes: number }[] }[] };
    const bigFile = manifest.models[0]?.files[0];
    assert.ok(bigFile);
    bigFile.size_bytes = 500;
    writeFileSync(big.path, JSON.stringify(manifest));
    const capped = await serverFor(big.path);
    await install(capped, big.id);
    const tooLarge = await until(capped, big.id, settled);
    assert.equal(tooLarge.state, 'failed');
    assert.match(tooLarge.error ?? '', /more than the 550 allowed/);
    assert.equal(existsSync(modelDir(capped, big.id)), false);
  });

  it('answers 404 for an unknown model and 409 for the system recogniser', async () => {
    const { path } = manifestOf([{ name: 'x.bin', content: fileOf(10, 23) }]);
    const server = await serverFor(path);
    assert.equal((await install(server, 'no-such-model')).statusCode, 404);
    assert.equal((await cancel(server, 'no-such-model')).statusCode, 404);
    const system = await install(server, 'pocketsphinx-en');
    assert.equal(system.statusCode, 409);
    assert.match(system.json<{ message: string }>().message, /pocketsphinx-en-us/);
    assert.equal((await cancel(server, 'pocketsphinx-en')).statusCode, 409);
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DownloadError, downloadFile } from '../../../src/features/models/file-download.js';
import { fileOf, sha256Of, startModelMirror, type ModelMirror } from '../../support/model-mirror.js';

const MiB = 1024 * 1024;

/**
 * The downloader alone, against the loopback mirror: the worker that writes and hashes must
 * put every byte on disk in order, hash the bytes a resume keeps, count only written bytes,
 * and turn a file it cannot write into a `disk` failure that names no path.
 */
describe('model file download', () => {
  let mirror: ModelMirror;
  let dir: string;
  // Not a multiple of the 1 MiB batch, so a part-filled last batch is written too.
  const content = fileOf(3 * MiB + 12_345, 7);

  before(async () => {
    mirror = await startModelMirror();
    mirror.serve('/model.bin', content);
    dir = mkdtempSync(join(tmpdir(), 'lectern-file-download-'));
  });
  after(async () => {
    await mirror.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fetchInto = (partialPath: string, progress: number[] = []) =>
    downloadFile({
      url: new URL(`${mirror.baseUrl}/model.bin`),
      partialPath,
      sizeCapBytes: content.length,
      signal: new AbortController().signal,
      onProgress: (bytesOnDisk) => progress.push(bytesOnDisk),
    });

  it('writes every byte in order, hashes them, and reports only bytes on disk, rising', async () => {
    const path = join(dir, 'whole.partial');
    const progress: number[] = [];
    const downloaded = await fetchInto(path, progress);
    assert.equal(downloaded.bytes, content.length);
    assert.equal(downloaded.sha256, sha256Of(content));
    assert.ok(readFileSync(path).equals(content));
    assert.equal(progress.at(-1), content.length);
    assert.deepEqual(progress, [...progress].sort((a, b) => a - b));
  });

  it('hashes the kept bytes of a partial file and asks only for the rest', async () => {
    const path = join(dir, 'resumed.partial');
    const kept = 1 * MiB + 777;
    writeFileSync(path, content.subarray(0, kept));
    const downloaded = await fetchInto(path);
    assert.equal(mirror.requests.at(-1)?.range, `bytes=${kept}-`);
    assert.equal(downloaded.sha256, sha256Of(content));
    assert.ok(readFileSync(path).equals(content));
  });

  it('gives the digest of a partial file that is already whole (416)', async () => {
    const path = join(dir, 'complete.partial');
    writeFileSync(path, content);
    const downloaded = await fetchInto(path);
    assert.equal(downloaded.sha256, sha256Of(content));
    assert.equal(downloaded.bytes, content.length);
  });

  it('fails with kind disk, naming no path, when the partial file cannot be written', async () => {
    const notADirectory = join(dir, 'plain-file');
    writeFileSync(notADirectory, 'x');
    const path = join(notADirectory, 'model.partial');
    await assert.rejects(fetchInto(path), (error: unknown) => {
      assert.ok(error instanceof DownloadError);
      assert.equal(error.kind, 'disk');
      assert.match(error.message, /cannot be written \(ENOTDIR\)/);
      assert.ok(!error.message.includes(dir));
      return true;
    });
  });
});

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replaceFolder } from '../../src/platform/atomic-folder.js';

const root = mkdtempSync(join(tmpdir(), 'lectern-atomic-folder-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('replaceFolder', () => {
  it('replaces a folder with what was built beside it, old files gone', async () => {
    const folder = join(root, 'model');
    mkdirSync(folder);
    writeFileSync(join(folder, 'old'), 'old');
    await replaceFolder(folder, (staging) => writeFile(join(staging, 'new'), 'new'));
    assert.deepEqual(readdirSync(folder), ['new']);
    assert.equal(readFileSync(join(folder, 'new'), 'utf8'), 'new');
    assert.deepEqual(readdirSync(root), ['model'], 'no staging folder is left');
  });

  it('leaves the folder as it was and no staging behind when building fails', async () => {
    const folder = join(root, 'kept');
    mkdirSync(folder);
    writeFileSync(join(folder, 'old'), 'old');
    await assert.rejects(
      replaceFolder(folder, async (staging) => {
        await writeFile(join(staging, 'half'), 'half');
        throw new Error('disk full');
      }),
      /disk full/,
    );
    assert.deepEqual(readdirSync(folder), ['old']);
    assert.ok(!readdirSync(root).some((name) => name.startsWith('kept.')), 'the staging folder was removed');
    assert.ok(existsSync(join(folder, 'old')));
  });
});

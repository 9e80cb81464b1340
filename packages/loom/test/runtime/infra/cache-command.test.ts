import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ResponseCache } from '../../../src/runtime/infra/cache.js';
import { runLoom } from '../../cli/run-loom.js';

const project = mkdtempSync(join(tmpdir(), 'loom-cache-cli-'));
after(() => rmSync(project, { recursive: true, force: true }));

describe('loom cache', () => {
  it('stats reports entries, hits, misses and bytes of the project found from --dir', async () => {
    writeFileSync(join(project, 'loom.toml'), '');
    mkdirSync(join(project, 'flows'));
    const cache = ResponseCache.forProject(project);
    cache.put('a'.repeat(64), { text: 'one' });
    cache.put('b'.repeat(64), { text: 'two' });
    cache.get('a'.repeat(64));
    cache.get('c'.repeat(64));

    const run = await runLoom(['cache', 'stats', '--dir', join(project, 'flows')]);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^entries: 2\nhits: 1\nmisses: 1\nbytes: \d+\n$/);

    const json = await runLoom(['cache', 'stats', '--json', '--dir', project]);
    const stats = JSON.parse(json.stdout) as { entries: number; bytes: number };
    assert.equal(stats.entries, 2);
    assert.ok(stats.bytes > 0);
  });

  it('clear deletes the entries and resets the counts', async () => {
    const run = await runLoom(['cache', 'clear', '--dir', project]);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^cleared 2 entries \(\d+ bytes\) from .*\.loom\/cache\n$/);
    assert.deepEqual(ResponseCache.forProject(project).stats(), { entries: 0, hits: 0, misses: 0, bytes: 0 });
  });

  it('rejects an unknown action as a usage error', async () => {
    const run = await runLoom(['cache', 'purge']);
    assert.equal(run.status, 64);
    assert.match(run.stderr, /unknown cache action 'purge': use 'stats' or 'clear'/);
  });
});

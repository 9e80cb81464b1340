import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runLoom } from './run-loom.js';
import { runInProcess } from './run-in-process.js';

test('loom run executes a program in a child process and exits 0', async () => {
  const run = await runLoom(['run', 'test/fixtures/run/typed.nx'], { LOOM_TYPE_MODE: 'forgiving' });
  assert.deepEqual(run, { status: 0, stdout: '77\nafter\n', stderr: '' });
});

test('loom run on a file with compile errors exits 2 without running it', async () => {
  const run = await runInProcess(['run', 'packages/loom/test/fixtures/cli/undeclared-agent.nx']);
  assert.equal(run.status, 2);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /Error E001/);
});

test('loom run without a file is a usage error (64)', async () => {
  const run = await runInProcess(['run']);
  assert.equal(run.status, 64);
});

test('loom build writes the module and its source map to --out-dir, and refuses the source directory', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'loom-build-'));
  try {
    const built = await runInProcess(['build', 'packages/loom/test/fixtures/run/typed.nx', '--out-dir', outDir]);
    assert.equal(built.status, 0);
    const code = readFileSync(join(outDir, 'typed.mjs'), 'utf8');
    assert.match(code, /export default async function program\(\$p\)/);
    assert.match(code, /\/\/# sourceMappingURL=typed\.mjs\.map\n$/);
    const map = JSON.parse(readFileSync(join(outDir, 'typed.mjs.map'), 'utf8')) as { sources: string[]; mappings: string };
    assert.deepEqual(map.sources, ['packages/loom/test/fixtures/run/typed.nx']);
    assert.ok(map.mappings.length > 0);
    const refused = await runInProcess(['build', 'packages/loom/test/fixtures/run/typed.nx', '--out-dir', 'packages/loom/test/fixtures/run']);
    assert.equal(refused.status, 64);
    assert.equal(existsSync('packages/loom/test/fixtures/run/typed.mjs'), false);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

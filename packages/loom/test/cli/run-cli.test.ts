import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runLoom } from './run-loom.js';
import { runInProcess } from './run-in-process.js';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs a built module as its README says: node with tsx, from inside the repository. */
function runBuilt(modulePath: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', modulePath], { cwd: REPOSITORY_ROOT, env: { PATH: process.env['PATH'], ...env } }, (error, stdout, stderr) => {
      resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

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

test('loom build writes a module that runs itself and reports errors at their .nx place, and refuses the source directory', async () => {
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
    const executed = await runBuilt(join(outDir, 'typed.mjs'), { LOOM_TYPE_MODE: 'strict' });
    assert.equal(executed.status, 1);
    assert.equal(executed.stderr, "TypeViolation: parameter 'x' of flow double expects int, got str \"7\"\n  --> packages/loom/test/fixtures/run/typed.nx:6:11\n  = code E301\n");
    const refused = await runInProcess(['build', 'packages/loom/test/fixtures/run/typed.nx', '--out-dir', 'packages/loom/test/fixtures/run']);
    assert.equal(refused.status, 64);
    assert.equal(existsSync('packages/loom/test/fixtures/run/typed.mjs'), false);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

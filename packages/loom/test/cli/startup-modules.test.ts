import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const LOOM_BIN = fileURLToPath(new URL('../../bin/loom.js', import.meta.url));
const RECORDER = fileURLToPath(new URL('../support/record-loaded-modules.mjs', import.meta.url));
/**
 * The npm packages a program loads only when it uses them: the HTTP server stack for `server`
 * declarations, the job queue and database drivers, JWT. Loading any of them costs every
 * command start-up time (Fastify alone is about 170 modules).
 */
const ON_DEMAND_PACKAGES = /\/node_modules\/(fastify|@fastify\/[^/]+|find-my-way|bullmq|ioredis|pg|better-sqlite3|jose)\//;

const directory = mkdtempSync(join(tmpdir(), 'loom-startup-'));
after(() => rmSync(directory, { recursive: true, force: true }));

/** Runs `node ARGS` with the module recorder preloaded; resolves to its status and the URLs it loaded. */
function loadedModules(args: readonly string[]): Promise<{ status: number | null; stdout: string; modules: string[] }> {
  const listFile = join(directory, `modules-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(listFile, '');
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', RECORDER, ...args], { cwd: directory, env: { PATH: process.env['PATH'], LOOM_LOADED_MODULES_FILE: listFile } }, (error, stdout) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ status, stdout, modules: readFileSync(listFile, 'utf8').split('\n').filter((line) => line !== '') });
    });
  });
}

test('the recorder sees an npm package of the server stack when one is imported', async () => {
  const run = await loadedModules(['--input-type=module', '-e', `await import(${JSON.stringify(import.meta.resolve('fastify'))});`]);
  assert.equal(run.status, 0);
  assert.ok(run.modules.some((url) => ON_DEMAND_PACKAGES.test(url)), run.modules.join('\n'));
});

test('the recorder sees an npm package of the server stack when one is required', async () => {
  const run = await loadedModules(['-e', `require(${JSON.stringify(fileURLToPath(import.meta.resolve('fastify')))});`]);
  assert.equal(run.status, 0);
  assert.ok(run.modules.some((url) => ON_DEMAND_PACKAGES.test(url)), run.modules.join('\n'));
});

test('loom --version loads neither the HTTP server stack nor any driver', async () => {
  const run = await loadedModules([LOOM_BIN, '--version']);
  assert.equal(run.status, 0);
  assert.match(run.stdout, /^loom \d/);
  assert.ok(run.modules.some((url) => url.includes('/packages/loom/')), 'the recorder saw loom itself');
  assert.deepEqual(run.modules.filter((url) => ON_DEMAND_PACKAGES.test(url)), []);
});

test('loom run of a program without servers, jobs or data loads neither the HTTP server stack nor any driver', async () => {
  const hello = join(directory, 'hello.nx');
  writeFileSync(hello, 'flow main {\n    print("hello")\n}\n');
  const run = await loadedModules([LOOM_BIN, 'run', hello]);
  assert.equal(run.status, 0);
  assert.equal(run.stdout, 'hello\n');
  assert.deepEqual(run.modules.filter((url) => ON_DEMAND_PACKAGES.test(url)), []);
});

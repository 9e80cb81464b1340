import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess, cliPath, createTempDataDir, removeTempDataDir } from '../support/lectern-process.js';
import { OpenError, openWorkspace } from '../../src/open-command.js';

const run = promisify(execFile);
const linkPattern = /^http:\/\/127\.0\.0\.1:(\d+)\/#code=([A-Za-z0-9_-]{22})$/;
const openTimeoutMs = 20_000;

function lecternOpen(dataDir: string, extraArgs: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [cliPath, 'open', '--data-dir', dataDir, ...extraArgs], {
    env: { ...process.env, LECTERN_LOG_LEVEL: 'warn', ...env },
    timeout: openTimeoutMs,
  });
}

async function exchange(url: string): Promise<{ status: number; token?: string }> {
  const origin = new URL(url).origin;
  const code = new URL(url).hash.replace('#code=', '');
  const response = await fetch(`${origin}/api/v2/auth/exchange`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, ...((await response.json()) as { token?: string }) };
}

describe('lectern open', () => {
  it('prints a one-time link to the running instance with --no-browser, never the token', async () => {
    const lectern = await LecternProcess.start();
    try {
      const { stdout } = await lecternOpen(lectern.dataDir, ['--no-browser']);
      const url = stdout.trim();
      const match = linkPattern.exec(url);
      assert.ok(match, url);
      assert.equal(Number(match[1]), lectern.port);
      assert.ok(!stdout.includes(lectern.token));
      assert.deepEqual(await exchange(url), { status: 200, token: lectern.token });
      assert.equal((await exchange(url)).status, 401, 'the link works once');
    } finally {
      await lectern.dispose();
    }
  });

  it('hands the link to the default browser ($BROWSER) when not told otherwise', async () => {
    const lectern = await LecternProcess.start();
    const received = join(lectern.dataDir, '..', 'browser-got-url');
    const fakeBrowser = join(lectern.dataDir, '..', 'fake-browser.sh');
    writeFileSync(fakeBrowser, `#!/bin/sh\nprintf '%s' "$1" > '${received}'\n`);
    chmodSync(fakeBrowser, 0o755);
    try {
      const { stdout } = await lecternOpen(lectern.dataDir, [], { BROWSER: fakeBrowser });
      assert.match(stdout, /Opened the Lectern workspace/);
      assert.ok(!stdout.includes('#code='), 'the link went to the browser, not the terminal');
      const deadline = Date.now() + 5000;
      while (!existsSync(received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const url = readFileSync(received, 'utf8');
      assert.match(url, linkPattern);
      assert.equal((await exchange(url)).status, 200);
    } finally {
      await lectern.dispose();
    }
  });

  const startedDir = createTempDataDir();
  after(() => stopBackgroundInstance(startedDir));

  it('starts an instance in the background when none runs on the data dir, and it keeps running', async () => {
    const { stdout } = await lecternOpen(startedDir, ['--no-browser']);
    const url = stdout.trim();
    assert.match(url, linkPattern);
    const connection = JSON.parse(readFileSync(join(startedDir, 'connection.json'), 'utf8')) as { port: number; token: string };
    assert.equal(new URL(url).port, String(connection.port));
    const page = await fetch(new URL(url).origin);
    assert.equal(page.status, 200);
    assert.equal((await exchange(url)).token, connection.token);
    const status = await new LecternClient(`http://127.0.0.1:${connection.port}`, connection.token).get('/api/v2/status');
    assert.equal(status.status, 200, 'the instance outlives the command that started it');
  });

  const strayOutputDir = createTempDataDir();
  after(() => stopBackgroundInstance(strayOutputDir));

  it('passes over lines of the started instance that are not JSON, before its ready line', async () => {
    const preload = strayOutputPreload(strayOutputDir, 'a stray line, not JSON\n{"cut short": \n');
    const { stdout } = await lecternOpen(strayOutputDir, ['--no-browser'], { NODE_OPTIONS: `--import=${preload}` });
    assert.match(stdout.trim(), linkPattern);
  });

  it('names the last other line when the started instance prints no start-up line at all', async () => {
    const dataDir = createTempDataDir();
    try {
      const preload = strayOutputPreload(dataDir, 'Segmentation fault, or so\n', { thenExit: true });
      await assert.rejects(lecternOpen(dataDir, ['--no-browser'], { NODE_OPTIONS: `--import=${preload}` }), (error: { code?: number; stderr?: string }) => {
        assert.equal(error.code, 1);
        assert.equal(error.stderr, 'lectern open: Lectern could not start; it printed no start-up line, last: Segmentation fault, or so\n');
        return true;
      });
    } finally {
      removeTempDataDir(dataDir);
    }
  });
});

describe('lectern open: an instance that never says it is ready', () => {
  it('stops it after the start-up timeout and says so, with the last line it printed', async () => {
    const dataDir = createTempDataDir();
    try {
      // Stands in for a `lectern serve` that hangs before its ready line.
      const pidFile = join(dataDir, '..', 'hanging.pid');
      const entry = join(dataDir, '..', 'hanging-serve.mjs');
      writeFileSync(entry, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nprocess.stdout.write('warming up\\n');\nsetInterval(() => {}, 1000);\n`);
      const started = Date.now();
      await assert.rejects(openWorkspace({ dataDir, noBrowser: true, cliEntry: entry, startTimeoutMs: 1000 }), (error: unknown) => {
        assert.ok(error instanceof OpenError, String(error));
        assert.equal(error.message, 'Lectern did not say it was ready within 1 s and was stopped, last: warming up');
        return true;
      });
      assert.ok(Date.now() - started < 5000);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 5000;
      while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(alive(), false, 'the silent instance was stopped');
    } finally {
      removeTempDataDir(dataDir);
    }
  });
});

/**
 * A module for NODE_OPTIONS' --import that makes `lectern serve` (not `lectern open`, which
 * loads it too) print `text` on stdout before anything else, as a preload or a crash can.
 */
function strayOutputPreload(dataDir: string, text: string, options: { thenExit?: boolean } = {}): string {
  const path = join(dataDir, '..', 'stray-output.mjs');
  const exit = options.thenExit ? 'process.exit(1);' : '';
  writeFileSync(path, `if (process.argv.includes('serve')) { process.stdout.write(${JSON.stringify(text)}); ${exit} }\n`);
  return pathToFileURL(path).href;
}

/** Stops the instance `lectern open` left running on the data dir, if any, and removes the dir. */
async function stopBackgroundInstance(dataDir: string): Promise<void> {
  const connection = join(dataDir, 'connection.json');
  if (existsSync(connection)) {
    const { pid } = JSON.parse(readFileSync(connection, 'utf8')) as { pid: number };
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 8000;
    while (existsSync(connection) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  removeTempDataDir(dataDir);
}

describe('serve --print-link (npm start)', () => {
  it('prints a working one-time link after the ready line', async () => {
    const lectern = await LecternProcess.start({ args: ['--print-link'] });
    try {
      const deadline = Date.now() + 5000;
      while (lectern.laterStdoutLines.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const line = lectern.laterStdoutLines[0] ?? '';
      const url = /(http:\/\/\S+)/.exec(line)?.[1] ?? '';
      assert.match(url, linkPattern, line);
      assert.ok(!lectern.laterStdoutLines.join('\n').includes(lectern.token));
      assert.equal((await exchange(url)).token, lectern.token);
    } finally {
      await lectern.dispose();
    }
  });
});

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess, cliPath, createTempDataDir, removeTempDataDir } from '../support/lectern-process.js';

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
  after(async () => {
    const connection = join(startedDir, 'connection.json');
    if (existsSync(connection)) {
      const { pid } = JSON.parse(readFileSync(connection, 'utf8')) as { pid: number };
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 8000;
      while (existsSync(connection) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    removeTempDataDir(startedDir);
  });

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
});

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

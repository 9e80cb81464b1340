import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EventsClient } from '../support/events-client.js';
import { LecternClient } from '../support/http-client.js';
import { LecternProcess, createTempDataDir, removeTempDataDir, runCli } from '../support/lectern-process.js';

const privateFileMode = 0o600;
const privateDirMode = 0o700;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
const shutdownGraceMs = 5000;
/** Room for process exit and scheduling on a busy machine, well short of ws's 30 s close timeout. */
const shutdownSlackMs = 3000;

function modeOf(path: string): number {
  return statSync(path).mode & 0o777;
}

describe('hand-over: a started instance', () => {
  let lectern: LecternProcess;

  before(async () => {
    lectern = await LecternProcess.start({ env: { LECTERN_LOG_LEVEL: 'info' } });
  });
  after(() => lectern.dispose());

  it('prints one ready line that names port and connection file but never the token', async () => {
    assert.equal(lectern.ready.event, 'ready');
    assert.equal(lectern.ready.port, lectern.connection.port);
    assert.equal(lectern.ready.connection_file, join(lectern.dataDir, 'connection.json'));
    assert.ok(!JSON.stringify(lectern.ready).includes(lectern.token));
    await new LecternClient(lectern.baseUrl, lectern.token).get('/api/v2/status');
    assert.deepEqual(lectern.laterStdoutLines, []);
  });

  it('writes connection.json privately with port, a random 32-byte token, pid and version', async () => {
    const file = lectern.ready.connection_file;
    assert.equal(modeOf(file), privateFileMode);
    assert.deepEqual(Object.keys(lectern.connection).sort(), ['pid', 'port', 'token', 'version']);
    assert.match(lectern.token, tokenPattern);
    assert.equal(lectern.pid, lectern.child.pid);
    const health = await new LecternClient(lectern.baseUrl, null).get<{ version: string }>('/api/health');
    assert.equal(lectern.connection.version, health.body.version);
  });

  it('leaves no temporary file behind from the atomic write', () => {
    assert.deepEqual(readdirSync(lectern.dataDir).filter((name) => name.includes('connection')), ['connection.json']);
  });

  it('keeps the data dir and the database private to the user', () => {
    assert.equal(modeOf(lectern.dataDir), privateDirMode);
    assert.equal(modeOf(join(lectern.dataDir, 'lectern.db')), privateFileMode);
  });

  it('never writes the token to its logs', async () => {
    const client = new LecternClient(lectern.baseUrl, lectern.token);
    assert.equal((await client.get('/api/v2/status')).status, 200);
    assert.equal((await client.withToken('wrong').get('/api/v2/status')).status, 401);
    assert.match(lectern.stderrTail, /request completed/, 'info logs are on, so the check below means something');
    assert.ok(!lectern.stderrTail.includes(lectern.token));
  });

  it('refuses a second instance on the same data dir with data_dir_in_use', async () => {
    const second = await runCli(['serve', '--data-dir', lectern.dataDir, '--port', '0']);
    assert.notEqual(second.code, 0);
    const line = JSON.parse(second.stdout.trim()) as { event: string; code: string };
    assert.deepEqual([line.event, line.code], ['error', 'data_dir_in_use']);
    const stillServing = await new LecternClient(lectern.baseUrl, lectern.token).get('/api/v2/status');
    assert.equal(stillServing.status, 200);
    assert.deepEqual(JSON.parse(readFileSync(lectern.ready.connection_file, 'utf8')), lectern.connection, 'the hand-over file is untouched');
  });
});

describe('hand-over: options and shutdown', () => {
  it('uses the first stdin line as the token with --token-stdin', async () => {
    const chosen = 'host-chosen-token-with-enough-entropy-0123456789';
    const lectern = await LecternProcess.start({ args: ['--token-stdin'], stdinText: `${chosen}\n` });
    try {
      assert.equal(lectern.token, chosen);
      const client = new LecternClient(lectern.baseUrl, chosen);
      assert.equal((await client.get('/api/v2/status')).status, 200);
    } finally {
      await lectern.dispose();
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} removes connection.json, keeps the database and exits 0`, async () => {
      const dataDir = createTempDataDir();
      try {
        const lectern = await LecternProcess.start({ dataDir });
        assert.deepEqual(await lectern.signal(signal), { code: 0, signal: null });
        assert.equal(existsSync(join(dataDir, 'connection.json')), false);
        assert.equal(existsSync(join(dataDir, 'lectern.db')), true);
      } finally {
        removeTempDataDir(dataDir);
      }
    });
  }

  it('on SIGTERM exits within the grace period even when an events client stopped reading', async () => {
    const lectern = await LecternProcess.start();
    try {
      const { client: stalled } = await EventsClient.authenticated(lectern.port, lectern.token);
      stalled.pauseReading();
      const startedMs = Date.now();
      assert.deepEqual(await lectern.stop(), { code: 0, signal: null });
      const elapsedMs = Date.now() - startedMs;
      assert.ok(elapsedMs < shutdownGraceMs + shutdownSlackMs, `exit took ${elapsedMs} ms`);
      assert.equal(existsSync(lectern.ready.connection_file), false);
    } finally {
      await lectern.dispose();
    }
  });

  it('replaces a stale connection.json by renaming a new file over it, never rewriting it in place', async () => {
    const dataDir = createTempDataDir();
    try {
      mkdirSync(dataDir, { recursive: true });
      const staleFile = join(dataDir, 'connection.json');
      writeFileSync(staleFile, JSON.stringify({ port: 1, token: 'stale', pid: 1, version: '0.0.0' }), { mode: privateFileMode });
      const staleInode = statSync(staleFile).ino;
      const lectern = await LecternProcess.start({ dataDir });
      try {
        assert.notEqual(statSync(staleFile).ino, staleInode, 'a reader never sees a half-written file');
        assert.notEqual(lectern.token, 'stale');
      } finally {
        await lectern.stop();
      }
    } finally {
      removeTempDataDir(dataDir);
    }
  });

  it('refuses to start with --token-stdin when stdin has no token', async () => {
    const dataDir = createTempDataDir();
    try {
      const run = await runCli(['serve', '--data-dir', dataDir, '--port', '0', '--token-stdin'], '\n');
      assert.notEqual(run.code, 0);
      const line = JSON.parse(run.stdout.trim()) as { event: string; code: string };
      assert.deepEqual([line.event, line.code], ['error', 'invalid_arguments']);
    } finally {
      removeTempDataDir(dataDir);
    }
  });

  it('with --exit-on-stdin-eof shuts down cleanly when the host closes stdin after handing over the token', async () => {
    const lectern = await LecternProcess.start({ args: ['--token-stdin', '--exit-on-stdin-eof'], stdinText: 'token-from-the-desktop-host-0123456789\n' });
    try {
      assert.equal((await new LecternClient(lectern.baseUrl, lectern.token).get('/api/v2/status')).status, 200);
      lectern.child.stdin.end();
      assert.deepEqual(await lectern.exited, { code: 0, signal: null });
      assert.equal(existsSync(lectern.ready.connection_file), false);
    } finally {
      await lectern.dispose();
    }
  });

  it('refuses a database written by a newer Lectern with database_too_new, leaving it untouched', async () => {
    const dataDir = createTempDataDir();
    try {
      await (await LecternProcess.start({ dataDir })).stop();
      const database = new Database(join(dataDir, 'lectern.db'));
      database.pragma('user_version = 999');
      database.close();
      const run = await runCli(['serve', '--data-dir', dataDir, '--port', '0']);
      assert.notEqual(run.code, 0);
      const line = JSON.parse(run.stdout.trim()) as { event: string; code: string; message: string };
      assert.deepEqual([line.event, line.code], ['error', 'database_too_new']);
      assert.match(line.message, /schema version 999/);
      const reopened = new Database(join(dataDir, 'lectern.db'), { readonly: true });
      assert.equal(reopened.pragma('user_version', { simple: true }), 999);
      reopened.close();
      assert.equal(existsSync(join(dataDir, 'connection.json')), false);
    } finally {
      removeTempDataDir(dataDir);
    }
  });

  it('refuses a non-loopback --host and writes nothing', async () => {
    const dataDir = createTempDataDir();
    try {
      const run = await runCli(['serve', '--data-dir', dataDir, '--port', '0', '--host', '0.0.0.0']);
      assert.notEqual(run.code, 0);
      const line = JSON.parse(run.stdout.trim()) as { event: string; code: string };
      assert.deepEqual([line.event, line.code], ['error', 'invalid_arguments']);
      assert.equal(existsSync(join(dataDir, 'connection.json')), false);
    } finally {
      removeTempDataDir(dataDir);
    }
  });

  it('explains itself with --help and exits 0', async () => {
    const run = await runCli(['--help']);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /Usage: lectern/);
    for (const option of ['--data-dir', '--port', '--token-stdin', '--exit-on-stdin-eof']) assert.ok(run.stdout.includes(option), option);
  });
});

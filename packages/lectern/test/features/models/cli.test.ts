import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Model } from '../../../src/features/models/schemas.js';
import { progressLine } from '../../../src/models-cli.js';
import { cliPath, LecternProcess } from '../../support/lectern-process.js';
import { sha256Of, startModelMirror, type ModelMirror } from '../../support/model-mirror.js';
import { tinyGguf } from '../../support/tiny-gguf.js';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `lectern models ...` as a child process, the way a user runs it. */
function startCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [cliPath, 'models', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
  const done = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, ...output })));
  return { child, done };
}

describe('lectern models (CLI on the data dir, no server)', () => {
  let mirror: ModelMirror;
  const root = mkdtempSync(join(tmpdir(), 'lectern-models-cli-'));
  const dataDir = join(root, 'data');
  let env: Record<string, string>;

  before(async () => {
    mirror = await startModelMirror();
    const tiny = tinyGguf();
    mirror.serve('/tiny/model.gguf', tiny);
    // The same GGUF, held after 200 kB (the probe then loads it for real once it is whole).
    mirror.serve('/slow/model.gguf', tiny, { holdAfterBytes: 200_000 });
    // The same GGUF at ~500 kB/s: about a second of progress to draw.
    mirror.serve('/paced/model.gguf', tiny, { bytesPerSecond: 500_000 });
    const entry = (id: string, name: string, content: Buffer) => ({
      id,
      kind: 'llm',
      name: id,
      description: 'made by the test',
      license: 'MIT',
      license_url: 'https://example.invalid/license',
      source_url: 'https://example.invalid/source',
      files: [{ name, url: `${mirror.baseUrl}/${id.replace('cli-', '')}/${name}`, size_bytes: content.length, sha256: sha256Of(content) }],
    });
    const manifest = join(root, 'manifest.json');
    writeFileSync(manifest, JSON.stringify({ models: [entry('cli-tiny', 'model.gguf', tiny), entry('cli-slow', 'model.gguf', tiny), entry('cli-paced', 'model.gguf', tiny)] }));
    env = { LECTERN_MODEL_MANIFEST: manifest };
  });
  after(async () => {
    mirror.release();
    await mirror.close();
    rmSync(root, { recursive: true, force: true });
  });

  const run = (...args: string[]) => startCli([...args, '--data-dir', dataDir], env).done;

  it('lists the manifest, installs a model (download, verify, probe) and removes it', async () => {
    const listed = await run('list', '--json');
    assert.equal(listed.code, 0, listed.stderr);
    const before = JSON.parse(listed.stdout) as { items: Model[] };
    assert.equal(before.items.find((model) => model.id === 'cli-tiny')?.state, 'missing');

    const installed = await run('install', 'cli-tiny');
    assert.equal(installed.code, 0, installed.stderr);
    assert.match(installed.stdout, /cli-tiny is installed and ready/);
    assert.match(installed.stderr, /cli-tiny: loading/, 'states on a non-terminal stderr');
    const table = await run('list');
    assert.match(table.stdout, /^cli-tiny\s+llm\s+ready\b/m);

    const removed = await run('remove', 'cli-tiny');
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(existsSync(join(dataDir, 'models', 'cli-tiny')), false);
    assert.match((await run('list')).stdout, /^cli-tiny\s+llm\s+missing\b/m);
  });

  it('Ctrl-C cancels an install and keeps the partial; the next install resumes it with a Range request', async () => {
    const partial = join(dataDir, 'models', 'cli-slow', 'model.gguf.partial');
    const { child, done } = startCli(['install', 'cli-slow', '--data-dir', dataDir], env);
    const deadline = Date.now() + 20_000;
    while (!(existsSync(partial) && statSync(partial).size >= 200_000)) {
      assert.ok(Date.now() < deadline, 'the download never started');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGINT');
    const cancelled = await done;
    assert.equal(cancelled.code, 130, cancelled.stderr);
    assert.match(cancelled.stderr, /cancelled; the partial download .* is kept/);
    assert.equal(statSync(partial).size, 200_000);

    mirror.serve('/slow/model.gguf', tinyGguf());
    const resumed = await run('install', 'cli-slow');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(mirror.requests.filter((request) => request.path === '/slow/model.gguf').at(-1)?.range, 'bytes=200000-');
  });

  it('refuses clearly while a running Lectern holds the data dir, and names an unknown model', async () => {
    const unknown = await run('install', 'no-such-model');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no model 'no-such-model'/);
    assert.equal((await run('frobnicate')).code, 64);

    const server = await LecternProcess.start({ dataDir, env });
    try {
      const refused = await run('list');
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /a running Lectern holds the data directory/);
    } finally {
      await server.stop();
    }
  });

  it('draws a progress bar with rate and ETA on a terminal (run under script(1), a pseudo-terminal)', async () => {
    const command = [process.execPath, cliPath, 'models', 'install', 'cli-paced', '--data-dir', dataDir].map((part) => `'${part}'`).join(' ');
    const child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, output);
    const frames = output.split('\r\x1b[2K').filter((frame) => frame.startsWith('['));
    assert.ok(frames.length >= 3, `redrawn in place: ${JSON.stringify(output.slice(0, 400))}`);
    assert.ok(frames.some((frame) => /\[#*\.*\]\s+\d+% [\d.]+ MB \/ [\d.]+ MB {2}[\d.]+ MB\/s {2}ETA \d\d:\d\d {2}downloading/.test(frame) && !/ 0\.0 MB\/s/.test(frame)), 'a rate and an ETA while downloading');
    assert.match(output, /cli-paced is installed and ready/);
  });

  it('draws a progress line with the share, bytes, rate and time left', () => {
    const model = { id: 'm', state: 'downloading', bytes_done: 50e6, bytes_total: 200e6 } as Model;
    const line = progressLine(model, 10e6, 10);
    assert.match(line, /^\[#{3}\.{7}\]\s+25% 50 MB \/ 200 MB {2}10 MB\/s {2}ETA 00:15 {2}downloading$/);
    assert.match(progressLine({ ...model, bytes_done: 0 }, 0, 10), /ETA --:--/);
  });
});

/**
 * A Redis outage a test can cause: a private redis-server on a free port of its own (so
 * stopping it disturbs no other test), stopped and started again on the same port.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

const START_LIMIT_MS = 10_000;
const POLL_MS = 20;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * Starts a redis-server on a free port with a data directory of its own; `stop` shuts it down
 * (saving its data, as a restart does), `start` brings it back on that port with that data, and
 * `remove` ends it for good and deletes the directory.
 */
export async function startPrivateRedis(): Promise<PrivateRedis & { remove(): Promise<void> }> {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'loom-redis-'));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', '3600 1', '--appendonly', 'no'], { stdio: 'ignore' });
    const started = Date.now();
    while (!(await reachable(port))) {
      if (Date.now() - started > START_LIMIT_MS) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      // SIGTERM: redis-server saves its data and ends, as in a restart.
      running.kill('SIGTERM');
    });
  };
  const remove = async (): Promise<void> => {
    await stop();
    rmSync(directory, { recursive: true, force: true });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, port, stop, start, remove };
}

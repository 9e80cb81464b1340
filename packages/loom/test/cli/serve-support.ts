/**
 * `loom serve` as a user runs it: the real executable in a child process, on a free port of
 * the loopback interface, driven over HTTP and stopped with a signal.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOOM_BIN = fileURLToPath(new URL('../../bin/loom.js', import.meta.url));
/** Generous for a shared 2-vCPU machine: the child compiles the program before it listens. */
const START_LIMIT_MS = 30_000;
const LISTENING = /^Serving server \S* on (http:\/\/\S+)$/m;

export interface ServedProgram {
  /** The URL of the first server, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Sends `signal` and resolves with the exit status once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServeExit {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function launch(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { child: ChildProcess; out: { stdout: string; stderr: string }; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [LOOM_BIN, ...args], { cwd, env: { PATH: process.env['PATH'], NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on('close', (status) => resolveExit(status)));
  return { child, out, exited };
}

/** Starts `loom serve FILE --port 0 ...args` and waits for the URL it prints. */
export async function serve(file: string, options: { args?: readonly string[]; env?: NodeJS.ProcessEnv; cwd: string }): Promise<ServedProgram> {
  const { child, out, exited } = launch(['serve', file, '--port', '0', ...(options.args ?? [])], options.env ?? {}, options.cwd);
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`loom serve did not start in time:\n${out.stdout}\n${out.stderr}`)), START_LIMIT_MS);
    const look = (): void => {
      const match = LISTENING.exec(out.stdout);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolveUrl(match[1]);
    };
    child.stdout?.on('data', look);
    void exited.then((status) => {
      clearTimeout(timer);
      reject(new Error(`loom serve exited with ${status} before listening:\n${out.stdout}\n${out.stderr}`));
    });
  });
  return {
    url,
    child,
    stdout: () => out.stdout,
    stderr: () => out.stderr,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs a `loom` command that ends by itself (a refused serve, `loom routes`). */
export async function loomExit(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<ServeExit> {
  const { out, exited } = launch(args, env, cwd);
  const status = await exited;
  return { status, stdout: out.stdout, stderr: out.stderr };
}

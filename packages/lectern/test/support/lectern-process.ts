import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The real executable a desktop host runs; tests never import the server in-process. */
export const cliPath = fileURLToPath(new URL('../../bin/lectern.js', import.meta.url));

/**
 * How long a start (or a run that ends at start-up: --help, a refused start) may take.
 * Generous: without a fresh bundle the CLI transpiles TypeScript, on 2 cores shared with other suites.
 */
const startupTimeoutMs = 20_000;
const exitTimeoutMs = 10_000;
/** Only the tail of the child's output is kept: stderr carries the whole JSON log. */
const outputTailMaxChars = 16_384;

export interface ReadyLine {
  event: 'ready';
  port: number;
  connection_file: string;
  [field: string]: unknown;
}

export interface ConnectionFile {
  port: number;
  token: string;
  pid: number;
  version: string;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartOptions {
  /** Reuse a data dir (restarts); without one a fresh temp dir is made and removed by `dispose`. */
  dataDir?: string;
  /** Extra `serve` arguments, e.g. `['--exit-on-stdin-eof']`. */
  args?: readonly string[];
  /** Written to stdin right after spawning (for `--token-stdin`). */
  stdinText?: string;
  /** Extra environment, e.g. `LECTERN_LOG_LEVEL`. */
  env?: Record<string, string>;
  /** Run with the log level a user gets (no `LECTERN_LOG_LEVEL`), instead of the suite's quiet one. */
  defaultLogLevel?: boolean;
  /** Keep every stderr line (`stderrLines`), not only the tail; for tests that read the whole log. */
  keepStderr?: boolean;
  /** The script node runs instead of `bin/lectern.js` (a benchmark timing the bundle alone). */
  entryScript?: string;
}

export function createTempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'lectern-acceptance-')), 'data');
}

function parentOf(dataDir: string): string {
  return join(dataDir, '..');
}

function collectTail(stream: NodeJS.ReadableStream, sink: { text: string }): void {
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    sink.text = (sink.text + chunk).slice(-outputTailMaxChars);
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<ExitStatus> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Request logs at `info` would only slow the suite; a test that inspects logs asks for them. */
const quietLogLevel = 'warn';

function spawnCli(args: readonly string[], env: Record<string, string> = {}, entryScript = cliPath, defaultLogLevel = false): ChildProcessWithoutNullStreams {
  const { LECTERN_LOG_LEVEL: _inherited, ...inherited } = process.env;
  const logLevel = defaultLogLevel ? {} : { LECTERN_LOG_LEVEL: quietLogLevel };
  return spawn(process.execPath, [entryScript, ...args], { stdio: 'pipe', env: { ...inherited, ...logLevel, ...env } });
}

/**
 * Watches a stream for one secret across chunk boundaries. The secret is known only once
 * connection.json is read, so what came before is held until then (start-up logs are short).
 */
class SecretWatch {
  private held = '';
  private secret: string | null = null;
  seen = false;

  accept(chunk: string): void {
    if (this.seen) return;
    this.held += chunk;
    if (this.secret === null) return;
    this.seen = this.held.includes(this.secret);
    this.held = this.held.slice(-(this.secret.length - 1));
  }

  watchFor(secret: string): void {
    this.secret = secret;
    this.accept('');
  }
}

/**
 * A Lectern started through its CLI, exactly as the desktop host starts it: a child process,
 * a data dir, the ready line on stdout and the token from connection.json.
 */
export class LecternProcess {
  private readonly stderr = { text: '' };
  /** Every stderr line when started with `keepStderr`. */
  readonly stderrLines: string[] = [];
  private readonly tokenWatch = new SecretWatch();
  /** Every stdout line after the ready line (there should be none). */
  readonly laterStdoutLines: string[] = [];
  readonly exited: Promise<ExitStatus>;
  ready!: ReadyLine;
  connection!: ConnectionFile;

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    keepStderr: boolean,
  ) {
    this.exited = exitOf(child);
    collectTail(child.stderr, this.stderr);
    child.stderr.on('data', (chunk: string) => this.tokenWatch.accept(chunk));
    if (keepStderr) createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => this.stderrLines.push(line));
  }

  static async start(options: StartOptions = {}): Promise<LecternProcess> {
    const dataDir = options.dataDir ?? createTempDataDir();
    const child = spawnCli(['serve', '--data-dir', dataDir, '--port', '0', ...(options.args ?? [])], options.env, options.entryScript, options.defaultLogLevel);
    const lectern = new LecternProcess(child, dataDir, options.dataDir === undefined, options.keepStderr ?? false);
    if (options.stdinText !== undefined) child.stdin.write(options.stdinText);
    try {
      await withTimeout(lectern.readReadyLine(), startupTimeoutMs, 'Lectern start');
    } catch (error) {
      child.kill('SIGKILL');
      await lectern.exited;
      lectern.removeOwnedDataDir();
      throw new Error(`${(error as Error).message}\n--- stderr tail ---\n${lectern.stderrTail}`);
    }
    return lectern;
  }

  private async readReadyLine(): Promise<void> {
    const lines = createInterface({ input: this.child.stdout, crlfDelay: Infinity });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      void this.exited.then((status) => reject(new Error(`Lectern exited before it was ready (${JSON.stringify(status)})`)));
    });
    lines.on('line', (line) => this.laterStdoutLines.push(line));
    const parsed = JSON.parse(first) as { event?: string };
    if (parsed.event !== 'ready') throw new Error(`Lectern did not start: ${first}`);
    this.ready = parsed as ReadyLine;
    this.connection = JSON.parse(readFileSync(this.ready.connection_file, 'utf8')) as ConnectionFile;
    this.tokenWatch.watchFor(this.connection.token);
  }

  /** Whether the token has appeared anywhere on stderr so far (the contract: never in a log). */
  get tokenLogged(): boolean {
    return this.tokenWatch.seen;
  }

  get port(): number {
    return this.connection.port;
  }

  get token(): string {
    return this.connection.token;
  }

  get pid(): number {
    return this.connection.pid;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get stderrTail(): string {
    return this.stderr.text;
  }

  /** Sends a signal and waits for the process to end; one that hangs is killed, and the call fails. */
  async signal(signal: NodeJS.Signals): Promise<ExitStatus> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    try {
      return await withTimeout(this.exited, exitTimeoutMs, `Exit after ${signal}`);
    } catch (error) {
      this.child.kill('SIGKILL');
      await this.exited;
      throw error;
    }
  }

  /** The graceful stop the desktop host uses. */
  stop(): Promise<ExitStatus> {
    return this.signal('SIGTERM');
  }

  /**
   * Stops the process if it still runs and removes a temp data dir this process created. Fails
   * if the token ever reached stderr: every acceptance suite checks the contract's "never in a
   * log" for whatever it did.
   */
  async dispose(): Promise<void> {
    try {
      await this.stop();
    } finally {
      this.removeOwnedDataDir();
    }
    if (this.tokenLogged) throw new Error('The token was written to stderr');
  }

  private removeOwnedDataDir(): void {
    if (this.ownsDataDir) removeTempDataDir(this.dataDir);
  }
}

export interface CliRun extends ExitStatus {
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion (help, refused starts); stdin is closed at once unless text is given. */
export async function runCli(args: readonly string[], stdinText = ''): Promise<CliRun> {
  const child = spawnCli(args);
  const out = { text: '' };
  const err = { text: '' };
  collectTail(child.stdout, out);
  collectTail(child.stderr, err);
  child.stdin.end(stdinText);
  const status = await withTimeout(exitOf(child), startupTimeoutMs, `lectern ${args.join(' ')}`);
  return { ...status, stdout: out.text, stderr: err.text };
}

/** Removes a data dir made by `createTempDataDir` (with its temp parent). */
export function removeTempDataDir(dataDir: string): void {
  rmSync(parentOf(dataDir), { recursive: true, force: true });
}

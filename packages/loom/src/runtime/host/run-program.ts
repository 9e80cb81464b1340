/**
 * Running a generated module: `loom run` imports it from memory, `loom test` runs its `test`
 * blocks, and a module written by `loom build` runs itself when node starts it. Errors that
 * escape are reported at their `.nx` place, found by mapping the first stack frame inside the
 * module through its source map.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SourceMapLocator } from '../../language/source-map.js';
import type { SourceMapJson } from '../../language/source-map.js';
import type { Span } from '../../language/span.js';
import { formatErrorReport } from './error-report.js';
import { ExitRequest } from '../core/exit-request.js';
import { ProgramContext } from './program.js';
import type { ProgramHost } from './program.js';
import { isErr, propagationOrigin } from '../core/propagation.js';
import type { DebugFlag } from '../infra/trace.js';
import { ScriptError } from '../core/script-error.js';
import { repr } from '../core/values.js';
import { reachedSite, reportedFramesToSkip } from '../core/report-site.js';
import type { WorkerEvent } from '../jobs/store.js';
import type { Terminal } from '../infra/terminal.js';

/** What a generated module's default export returns once its declarations have run. */
export interface ProgramInstance {
  readonly main: ((...args: unknown[]) => Promise<unknown>) | null;
  readonly script: () => Promise<unknown>;
}

export type ProgramFunction = (context: ProgramContext) => Promise<ProgramInstance>;

/**
 * The frame every way of running a program shares (`loom run`, `loom jobs work`, `loom serve`):
 * `body` runs in the program's context and gives the exit status; an `exit(n)` is its status,
 * any other failure is reported at its `.nx` place and exits 1. Afterwards, either way,
 * `beforeClose` runs (a server stops listening), then the context closes: its tasks, its
 * in-process job worker (jobs still queued stay for a worker) and its resources.
 */
export async function inProgramContext(
  host: ProgramHost,
  context: ProgramContext,
  body: () => Promise<number>,
  beforeClose?: () => Promise<unknown>,
): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ExitRequest) return error.status;
    report(host, error);
    return EXIT_RUNTIME_ERROR;
  } finally {
    await beforeClose?.();
    context.close();
    context.output.endLine();
    await context.jobs.close();
    await context.resources.closeAll();
  }
}

export interface RunOptions {
  readonly program: ProgramFunction;
  readonly moduleUrl: string;
  readonly map: SourceMapJson;
  readonly entryFile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly debug: DebugFlag;
  /** The arguments after `--`, handed to `flow main(args)`. */
  readonly args: readonly string[];
  /** The person at the keyboard (std.ask_human); none when the program runs unattended. */
  readonly terminal?: Terminal;
}

const EXIT_OK = 0;
const EXIT_RUNTIME_ERROR = 1;
/** Deep enough that a failure inside the agent library still shows the generated frame that called it. */
const STACK_TRACE_FRAMES = 100;
const FRAME_LOCATION = /((?:file|data):[^\s()]+):(\d+):(\d+)\)?$/;

/** Finds the `.nx` place of the innermost frame of `error` inside the module at `moduleUrl`. */
export function createLocator(moduleUrl: string, map: SourceMapJson): (error: Error) => Span | undefined {
  const locator = new SourceMapLocator(map);
  const locate = (error: Error): Span | undefined => {
    let framesToSkip = reportedFramesToSkip(error);
    for (const line of (error.stack ?? '').split('\n')) {
      const frame = FRAME_LOCATION.exec(line.trim());
      if (frame === null || frame[1] !== moduleUrl) continue;
      const position = locator.originalPosition(Number(frame[2]), Number(frame[3]));
      if (position === undefined) continue;
      if (framesToSkip > 0) {
        framesToSkip -= 1;
        continue;
      }
      const point = { line: position.line, column: position.column, offset: 0 };
      return { file: position.file, start: point, end: point };
    }
    const site = reachedSite(error);
    return site === undefined ? undefined : locate(site);
  };
  return locate;
}

/** The host and context of one program run, with stack traces deep enough for its reports. */
export function openProgram(options: RunOptions): { host: ProgramHost; context: ProgramContext } {
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, STACK_TRACE_FRAMES);
  const host = hostOf(options);
  return { host, context: new ProgramContext(host) };
}

function hostOf(options: RunOptions): ProgramHost {
  return {
    entryFile: options.entryFile,
    env: options.env,
    stdout: options.stdout,
    stderr: options.stderr,
    debug: options.debug,
    terminal: options.terminal,
    locate: createLocator(options.moduleUrl, options.map),
  };
}

export function report(host: ProgramHost, error: unknown): void {
  host.stderr(`${formatErrorReport(error, error instanceof Error ? host.locate(error) : undefined)}\n`);
}

/** An `Err` that `?` carried out of `main` (or the top-level statements) is an error of the program, reported where `?` met it. */
export function reportPropagatedResult(host: ProgramHost, result: unknown): boolean {
  const origin = propagationOrigin(result);
  if (origin === undefined || !isErr(result)) return false;
  const [payload] = result.values;
  const location = host.locate(origin);
  // Like a `raise` of the script's own, an Err value it propagated has no registry code.
  const error = payload instanceof Error ? payload : new ScriptError(`Err(${repr(payload)}) propagated by '?'`);
  host.stderr(`${formatErrorReport(error, (payload instanceof Error ? host.locate(payload) : undefined) ?? location)}\n`);
  return true;
}

/** Runs the top-level statements, then `flow main`; returns the exit status. */
export async function runProgram(options: RunOptions): Promise<number> {
  const { host, context } = openProgram(options);
  return inProgramContext(host, context, async () => {
    const instance = await options.program(context);
    if (reportPropagatedResult(host, await instance.script())) return EXIT_RUNTIME_ERROR;
    const result = instance.main === null ? null : await instance.main(...(instance.main.length > 0 ? [[...options.args]] : []));
    if (reportPropagatedResult(host, result)) return EXIT_RUNTIME_ERROR;
    // A task that failed with no one awaiting it still fails the run: nothing is silently lost.
    const lostFailure = context.close();
    // The jobs the run enqueued run before it ends; a dead-lettered one fails it (EB03). Jobs
    // of a run that failed stay in the queue for a worker.
    const deadJobs = await context.jobs.drain();
    for (const dead of deadJobs) report(host, dead);
    if (lostFailure === undefined) return deadJobs.length === 0 ? EXIT_OK : EXIT_RUNTIME_ERROR;
    report(host, lostFailure);
    return EXIT_RUNTIME_ERROR;
  });
}

/** Runs every `test "..." {}` block, printing PASS/FAIL lines and a summary; 1 when any failed. */
export async function testProgram(options: RunOptions): Promise<number> {
  const { host, context } = openProgram(options);
  try {
    await options.program(context);
  } catch (error) {
    report(host, error);
    await context.resources.closeAll();
    return EXIT_RUNTIME_ERROR;
  }
  let failed = 0;
  for (const test of context.tests) {
    try {
      await test.run();
      context.output.endLine();
      host.stdout(`PASS  ${test.name}\n`);
    } catch (error) {
      failed += 1;
      context.output.endLine();
      host.stdout(`FAIL  ${test.name}\n`);
      const location = error instanceof Error ? host.locate(error) : undefined;
      host.stdout(`${formatErrorReport(error, location).replace(/^/gm, '      ')}\n`);
    }
  }
  // Tasks and timers the tests left running must not keep the process alive.
  context.close();
  await context.jobs.close();
  await context.resources.closeAll();
  const total = context.tests.length;
  host.stdout(`${total} test${total === 1 ? '' : 's'}: ${total - failed} passed, ${failed} failed\n`);
  return failed === 0 ? EXIT_OK : EXIT_RUNTIME_ERROR;
}

export interface WorkOptions {
  readonly concurrency: number;
  /** A worker's progress, for the CLI to print. */
  readonly onEvent: (event: WorkerEvent) => void;
  /** Called once the worker takes jobs, with what it works. */
  readonly onReady: (description: { jobs: readonly string[]; queues: readonly string[]; location: string }) => void;
  /** Resolves when the worker should stop (SIGINT/SIGTERM for the CLI). */
  readonly stopped: Promise<void>;
}

/**
 * `loom jobs work FILE`: runs the program's declarations (not its top-level statements, not
 * `main`) and works its jobs until `stopped` resolves, then lets the attempts in progress end.
 * Returns the exit status: 1 when the program declares no jobs or its declarations fail.
 */
export async function workJobs(options: RunOptions, work: WorkOptions): Promise<number> {
  const { host, context } = openProgram(options);
  context.jobs.serveAsWorker();
  return inProgramContext(host, context, async () => {
    await options.program(context);
    const definitions = [...context.jobs.definitions.values()];
    if (definitions.length === 0) {
      host.stderr(`loom jobs work: ${options.entryFile} declares no jobs\n`);
      return EXIT_RUNTIME_ERROR;
    }
    const worker = await context.jobs.startWorker(work.concurrency, work.onEvent);
    const store = await context.jobs.queue();
    work.onReady({ jobs: definitions.map((job) => job.name), queues: [...new Set(definitions.map((job) => job.queue))], location: store.location });
    await work.stopped;
    await worker.stop();
    return EXIT_OK;
  });
}

/**
 * The importer the CLI bundle's loader lends it (scripts/code-cache.mjs); absent when Loom runs
 * from its sources. Under Node 20 code that V8 took from a code cache has lost its script's
 * import callback, so an `import()` in the bundle itself would fail.
 */
declare const __bundleImport: ((specifier: string) => Promise<unknown>) | undefined;

/** Imports generated code without writing it to disk. */
export async function importFromMemory(code: string): Promise<{ program: ProgramFunction; moduleUrl: string }> {
  const moduleUrl = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  const imported = typeof __bundleImport === 'function' ? __bundleImport(moduleUrl) : import(moduleUrl);
  const module = (await imported) as { default: ProgramFunction };
  return { program: module.default, moduleUrl };
}

/** A module written by `loom build` runs itself when it is node's entry point, with its `.map` beside it. */
export async function runIfMain(program: ProgramFunction, moduleUrl: string): Promise<void> {
  const entry = process.argv[1];
  if (entry === undefined || pathToFileURL(entry).href !== moduleUrl) return;
  const modulePath = fileURLToPath(moduleUrl);
  const map = JSON.parse(readFileSync(`${modulePath}.map`, 'utf8')) as SourceMapJson;
  // tsx turns on Node's own source map support, which would rewrite stack frames to `.nx`
  // paths resolved against the map's directory; the locator maps the generated frames itself.
  process.setSourceMapsEnabled(false);
  process.exitCode = await runProgram({
    program,
    moduleUrl,
    map,
    entryFile: map.sources[0] ?? modulePath,
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    // LOOM_DEBUG in the environment decides.
    debug: false,
    args: process.argv.slice(2),
  });
}

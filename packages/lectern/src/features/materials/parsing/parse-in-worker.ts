// Runs each parse in a fresh process of its own with a heap limit and a deadline, under the one
// memory budget all parses share, so the server keeps answering while a large deck is read, a
// hostile file only ever kills its own process, and all the memory a parse took is given back
// when it ends. A process, not a worker thread: glibc keeps what a thread freed for later
// allocations (tens of MB after each 25 MiB file), where an exited process returns everything.
import type { ChildProcess } from 'node:child_process';
import { extname } from 'node:path';
import { materials as limits } from '../../../config.js';
import { forkOwnModule } from '../../../platform/own-module-process.js';
import { StderrTail } from '../../../platform/stderr-tail.js';
import { MaterialRejected, type ExtractedMaterial } from './extracted.js';
import { ParseMemoryBudget, parseReservationBytes } from './parse-memory.js';
import type { ParseOutcome, ParseRequest } from './protocol.js';
import { refuseAtOnce } from './sniff.js';

export interface ParserLimits {
  timeoutMs: number;
  heapMb: number;
  memoryBudgetMb: number;
}

export const defaultParserLimits: ParserLimits = {
  timeoutMs: limits.parseTimeoutMs,
  heapMb: limits.parseWorkerHeapMb,
  memoryBudgetMb: limits.parseMemoryBudgetMb,
};

export interface ParsedFile extends ExtractedMaterial {
  sha256: string;
  byteLength: number;
}

/** A file's bytes, or a stream of them as they arrive (an upload): streamed, the server never holds the file. */
export type FileContent = Uint8Array | AsyncIterable<Uint8Array>;

/**
 * What stderr says when the process reached its heap limit: V8's fatal error ("JavaScript heap
 * out of memory"), or, run from source, that of tsx's module loader thread ("JS heap out of memory").
 */
const HEAP_LIMIT_MESSAGE = 'heap out of memory';
const damaged = () => new MaterialRejected('corrupt', 'The file is damaged or not a valid document');

export class MaterialParser {
  readonly #memory: ParseMemoryBudget;

  constructor(private readonly limits: ParserLimits = defaultParserLimits) {
    this.#memory = new ParseMemoryBudget(limits.memoryBudgetMb * 1024 * 1024);
  }

  /**
   * Extracts a file's text; rejects with MaterialRejected when the file is refused, or with the
   * stream's own error when a streamed file fails to arrive. `maxBytes` bounds a stream's size
   * for the memory budget (a stream is not read while its parse waits for room).
   */
  async parse(content: FileContent, filename: string, maxBytes = limits.fileMaxBytes): Promise<ParsedFile> {
    // A file at hand is judged by its first bytes at once: a .ppt or a .zip costs no process.
    if (content instanceof Uint8Array) refuseAtOnce(content, extname(filename).toLowerCase());
    const reservedBytes = content instanceof Uint8Array ? content.byteLength : maxBytes;
    const release = await this.#memory.reserve(parseReservationBytes(reservedBytes, this.limits.heapMb));
    try {
      const { outcome, byteLength } = await this.#runProcess(content, { filename });
      if (outcome.kind === 'rejected') throw new MaterialRejected(outcome.reason, outcome.message);
      return { ...outcome.material, sha256: outcome.sha256, byteLength };
    } finally {
      release();
    }
  }

  /** The process's outcome, once it has exited (its memory given back before the budget counts on it again). */
  async #runProcess(content: FileContent, request: ParseRequest): Promise<{ outcome: ParseOutcome; byteLength: number }> {
    const child = startParseProcess(this.limits.heapMb);
    const stderr = new StderrTail();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.append(chunk));
    let outcome: ParseOutcome | undefined;
    child.once('message', (message: ParseOutcome) => (outcome = message));
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.once('error', () => child.kill('SIGKILL'));
    // A process that dies early closes its stdin: that is told by its exit, not by the write.
    child.stdin?.on('error', () => {});
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, this.limits.timeoutMs);
    try {
      child.send(request);
      let byteLength: number;
      try {
        byteLength = await feed(content, child, exited);
      } catch (arrivalError) {
        child.kill('SIGKILL');
        await exited;
        throw arrivalError;
      }
      await exited;
      if (timedOut) throw new MaterialRejected('timeout', `Reading the file took longer than ${this.limits.timeoutMs / 1000} s`);
      if (outcome) return { outcome, byteLength };
      if (stderr.includes(HEAP_LIMIT_MESSAGE)) throw new MaterialRejected('out_of_memory', 'Reading the file needs more memory than a material may take');
      throw damaged();
    } finally {
      clearTimeout(deadline);
    }
  }
}

/**
 * Writes the file into the process's stdin as it arrives, at the pace the process reads it, and
 * counts it. Stops writing once the process has ended (it refused the file, or died).
 */
async function feed(content: FileContent, child: ChildProcess, exited: Promise<void>): Promise<number> {
  const stdin = child.stdin;
  if (stdin === null) throw new Error('the parse process has no stdin');
  let ended = false;
  void exited.then(() => (ended = true));
  let byteLength = 0;
  for await (const chunk of content instanceof Uint8Array ? [content] : content) {
    byteLength += chunk.byteLength;
    if (ended) break;
    if (!stdin.write(chunk)) await Promise.race([new Promise((resolve) => stdin.once('drain', resolve)), exited]);
  }
  stdin.end();
  return byteLength;
}

function startParseProcess(heapMb: number): ChildProcess {
  return forkOwnModule(
    import.meta.url,
    { source: './worker.ts', bundled: './material-parser.mjs' },
    { execArgv: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${limits.parseWorkerSemiSpaceMb}`], stdin: 'pipe' },
  );
}

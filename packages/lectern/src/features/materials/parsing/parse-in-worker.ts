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
}

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

  /** Extracts a file's text; rejects with MaterialRejected when the file is refused. */
  async parse(bytes: Uint8Array, filename: string): Promise<ParsedFile> {
    refuseAtOnce(bytes, extname(filename).toLowerCase());
    const release = await this.#memory.reserve(parseReservationBytes(bytes.byteLength, this.limits.heapMb));
    try {
      const outcome = await this.#runProcess(bytes, { filename, byteLength: bytes.byteLength });
      if (outcome.kind === 'rejected') throw new MaterialRejected(outcome.reason, outcome.message);
      return { ...outcome.material, sha256: outcome.sha256 };
    } finally {
      release();
    }
  }

  /** The process's outcome, once it has exited (its memory given back before the budget counts on it again). */
  #runProcess(bytes: Uint8Array, request: ParseRequest): Promise<ParseOutcome> {
    return new Promise((resolve, reject) => {
      const child = startParseProcess(this.limits.heapMb);
      const stderr = new StderrTail();
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.append(chunk));
      let outcome: ParseOutcome | undefined;
      let timedOut = false;
      const deadline = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, this.limits.timeoutMs);
      child.once('message', (message: ParseOutcome) => (outcome = message));
      // A process that dies early closes its stdin: that is told by its exit, not by the write.
      child.stdin?.on('error', () => {});
      child.once('error', () => child.kill('SIGKILL'));
      child.once('close', () => {
        clearTimeout(deadline);
        if (timedOut) reject(new MaterialRejected('timeout', `Reading the file took longer than ${this.limits.timeoutMs / 1000} s`));
        else if (outcome) resolve(outcome);
        else if (stderr.includes(HEAP_LIMIT_MESSAGE)) reject(new MaterialRejected('out_of_memory', 'Reading the file needs more memory than a material may take'));
        else reject(damaged());
      });
      child.send(request);
      child.stdin?.end(bytes);
    });
  }
}

function startParseProcess(heapMb: number): ChildProcess {
  return forkOwnModule(
    import.meta.url,
    { source: './worker.ts', bundled: './material-parser.mjs' },
    { execArgv: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${limits.parseWorkerSemiSpaceMb}`], stdin: 'pipe' },
  );
}

// Runs each parse in a fresh worker thread with a heap limit and a deadline, a few at a time,
// so the server keeps answering while a large deck is read and a hostile file only ever
// kills its own worker.
import { Worker } from 'node:worker_threads';
import { materials as limits } from '../../../config.js';
import { extname } from 'node:path';
import { MaterialRejected, type ExtractedMaterial } from './extracted.js';
import { refuseAtOnce } from './sniff.js';
import type { ParseJob, ParseOutcome } from './protocol.js';

export interface ParserLimits {
  timeoutMs: number;
  heapMb: number;
  concurrentMax: number;
}

export const defaultParserLimits: ParserLimits = {
  timeoutMs: limits.parseTimeoutMs,
  heapMb: limits.parseWorkerHeapMb,
  concurrentMax: limits.parsesConcurrentMax,
};

export interface ParsedFile extends ExtractedMaterial {
  sha256: string;
}

export class MaterialParser {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly limits: ParserLimits = defaultParserLimits) {}

  /** Extracts a file's text; rejects with MaterialRejected when the file is refused. */
  async parse(bytes: Uint8Array, filename: string): Promise<ParsedFile> {
    refuseAtOnce(bytes, extname(filename).toLowerCase());
    if (this.#running >= this.limits.concurrentMax) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running++;
    try {
      const outcome = await this.#runWorker({ bytes, filename });
      if (outcome.kind === 'rejected') throw new MaterialRejected(outcome.reason, outcome.message);
      return { ...outcome.material, sha256: outcome.sha256 };
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }

  #runWorker(job: ParseJob): Promise<ParseOutcome> {
    return new Promise((resolve, reject) => {
      const worker = startWorker(job, this.limits.heapMb);
      let settled = false;
      const settle = (action: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        action();
        void worker.terminate();
      };
      const deadline = setTimeout(() => {
        settle(() => reject(new MaterialRejected('timeout', `Reading the file took longer than ${this.limits.timeoutMs / 1000} s`)));
      }, this.limits.timeoutMs);
      worker.once('message', (outcome: ParseOutcome) => settle(() => resolve(outcome)));
      worker.once('error', (error: Error & { code?: string }) => {
        settle(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new MaterialRejected('out_of_memory', 'Reading the file needs more memory than a material may take')
              : new MaterialRejected('corrupt', 'The file is damaged or not a valid document'),
          ),
        );
      });
      worker.once('exit', () => settle(() => reject(new MaterialRejected('corrupt', 'The file is damaged or not a valid document'))));
    });
  }
}

/**
 * The bundle ships the worker as dist/material-parser.mjs beside the chunk this code lands in.
 * Run from the TypeScript sources (tests, development), the worker is the .ts module, loaded
 * through tsx, whose loader a worker thread does not inherit on Node 20.
 */
function startWorker(job: ParseJob, heapMb: number): Worker {
  const options = {
    workerData: job,
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: limits.parseWorkerYoungGenerationMb,
      stackSizeMb: limits.parseWorkerStackMb,
    },
    // The worker's answer is its message. Its console must not reach the server's stdout,
    // which carries the CLI's JSON lines; these streams are left unread and die with it.
    stdout: true,
    stderr: true,
  };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./material-parser.mjs', import.meta.url), options);
  const entry = JSON.stringify(new URL('./worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, { ...options, eval: true });
}

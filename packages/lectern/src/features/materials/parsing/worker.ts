// The parse worker's entry: extracts one file and posts the outcome back. It runs in its own
// thread with its own heap limit, so a hostile or enormous file costs the server neither its
// event loop nor its memory.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { extractMaterial } from './extract.js';
import { MaterialRejected } from './extracted.js';
import type { ParseJob, ParseOutcome } from './protocol.js';

const job = workerData as ParseJob;

async function parse(): Promise<ParseOutcome> {
  try {
    const material = await extractMaterial(job.bytes, job.filename);
    return { kind: 'parsed', material, sha256: createHash('sha256').update(job.bytes).digest('hex') };
  } catch (error) {
    if (error instanceof MaterialRejected) return { kind: 'rejected', reason: error.reason, message: error.message };
    // A reader's own failure (a stack overflow on absurd nesting, a library bug) means the
    // file could not be read; what it was is of no use to the user.
    return { kind: 'rejected', reason: 'corrupt', message: 'The file is damaged or not a valid document' };
  }
}

parentPort?.postMessage(await parse());

// The parse process's entry (forked by parse-in-worker.ts for one file, then it exits): reads
// the file from stdin, extracts it and sends the outcome back. A process of its own, with its
// own heap limit, so a hostile or enormous file costs the server neither its event loop nor its
// memory, and everything the parse took is given back when the process ends.
import { createHash } from 'node:crypto';
import { extractMaterial } from './extract.js';
import { MaterialRejected } from './extracted.js';
import type { ParseOutcome, ParseRequest } from './protocol.js';

async function parse({ filename }: ParseRequest): Promise<ParseOutcome> {
  const bytes = await readStdin();
  try {
    const material = await extractMaterial(bytes, filename);
    return { kind: 'parsed', material, sha256: createHash('sha256').update(bytes).digest('hex') };
  } catch (error) {
    if (error instanceof MaterialRejected) return { kind: 'rejected', reason: error.reason, message: error.message };
    // A reader's own failure (a stack overflow on absurd nesting, a library bug) means the
    // file could not be read; what it was is of no use to the user.
    return { kind: 'rejected', reason: 'corrupt', message: 'The file is damaged or not a valid document' };
  }
}

/** The whole file: the server closes stdin after its last byte. */
async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// A server that is gone has no use for the answer.
process.once('disconnect', () => process.exit(0));
process.once('message', (request: ParseRequest) => {
  void parse(request).then((outcome) => process.send?.(outcome, () => process.disconnect()));
});

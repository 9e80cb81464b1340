// pdf.js decodes a PDF's streams (FlateDecode, LZW, ASCII85, RunLength, predictors, Brotli…)
// into ArrayBuffers, which the parse worker's heap limit does not cover: a 1 MB stream of zeros
// once inflated to 1 GB there. pdf.js has no setting that bounds it, so its decoders are bounded
// in its own code: its worker module (which runs in this thread, as pdf.js does in Node) is
// loaded with one call to the active budget wherever a decoder grows its output, and handed to
// pdf.js through `globalThis.pdfjsWorker`, pdf.js's own switch for an in-thread worker module.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { materials as limits } from '../../../config.js';
import { MaterialRejected } from './extracted.js';
import { UnpackBudget, type UnpackedPart, type UnpackLimits, type UnpackRefusals } from './unpack-budget.js';

const WORKER_MODULE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
/** How the patched module finds the hook: it is evaluated apart from this one, so through the global object. */
const HOOK = 'lectern.pdfjs.decodedBytes';

/**
 * Each edit names text of pdf.js 5.6 that must be found exactly once: a pdf.js that changed
 * there fails every PDF parse (and the suite) instead of running unbounded.
 */
const edits: readonly { where: string; find: string; replace: string }[] = [
  {
    // Every decoder that extends DecodeStream grows its output here, doubling its buffer.
    where: 'DecodeStream.ensureBuffer',
    find: '    const buffer2 = new Uint8Array(size);\n',
    replace: '    lecternDecodedBytes(size - buffer.byteLength);\n    const buffer2 = new Uint8Array(size);\n',
  },
  {
    // The Brotli decoder writes into 16 KiB chunks of its own.
    where: 'BrotliDecode',
    find: '      let chunk = new Int8Array(16384);\n',
    replace: '      lecternDecodedBytes(16384);\n      let chunk = new Int8Array(16384);\n',
  },
];

/**
 * Put before pdf.js's own code. pdf.js inflates FlateDecode with the platform's
 * DecompressionStream when there is one, gathering its chunks without a limit; with the name
 * bound to nothing in its module it falls back to its own FlateStream, which grows through
 * DecodeStream.ensureBuffer like every other decoder.
 */
const prelude = `const DecompressionStream = undefined;\nconst lecternDecodedBytes = globalThis[Symbol.for(${JSON.stringify(HOOK)})];\n`;

const pdfStreamLimits: UnpackLimits = {
  totalMaxBytes: limits.unpackedMaxBytes,
  ratioMax: limits.pdfStreamsRatioMax,
  ratioFloorBytes: limits.pdfStreamsRatioFloorBytes,
};

const pdfStreamRefusals: UnpackRefusals = {
  tooLarge: ({ totalMaxBytes }) =>
    new MaterialRejected('streams_too_large', `The PDF's compressed streams unpack to more than ${totalMaxBytes / (1024 * 1024)} MiB; it was not read`),
  suspiciousRatio: ({ ratioMax }) =>
    new MaterialRejected('streams_suspicious_ratio', `The PDF's compressed streams unpack to more than ${ratioMax} times the file's size (a decompression bomb); it was not read`),
};

/** The file being read; decoding outside a parse (none should happen) is refused outright. */
let reading: UnpackedPart | null = null;

const refuseDecoding: UnpackedPart = {
  claim() {
    throw new Error('pdf.js decoded a stream outside a parse');
  },
};

let loaded: Promise<void> | null = null;

/** Loads pdf.js's worker module, bounded, once per thread; before the first getDocument. */
export function loadBoundedPdfjs(): Promise<void> {
  loaded ??= (async () => {
    (globalThis as Record<symbol, unknown>)[Symbol.for(HOOK)] = (bytes: number) => (reading ?? refuseDecoding).claim(bytes);
    let source = readFileSync(createRequire(import.meta.url).resolve(WORKER_MODULE), 'utf8');
    for (const { where, find, replace } of edits) {
      const at = source.indexOf(find);
      if (at < 0 || source.indexOf(find, at + 1) >= 0) throw new Error(`pdf.js's ${where} is not the code its decode bound was written for`);
      source = source.replace(find, replace);
    }
    const workerModule: unknown = await import(`data:text/javascript;base64,${Buffer.from(prelude + source).toString('base64')}`);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = workerModule;
  })();
  return loaded;
}

/**
 * Runs one PDF's reading with its streams under the file's unpack budget. pdf.js catches and
 * reports decoder errors in its own ways (a page's text may just come back short), so `read`
 * is given the budget to ask whether the file was refused.
 */
export async function withStreamBudget<T>(fileBytes: number, read: (budget: UnpackBudget) => Promise<T>): Promise<T> {
  await loadBoundedPdfjs();
  const budget = new UnpackBudget(pdfStreamLimits, pdfStreamRefusals);
  reading = budget.part(fileBytes);
  try {
    return await read(budget);
  } finally {
    reading = null;
  }
}

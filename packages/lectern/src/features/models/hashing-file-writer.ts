import { Worker } from 'node:worker_threads';
import { models as limits } from '../../config.js';

/**
 * The worker's code, plain CommonJS evaluated from a string: it needs nothing but Node's own
 * modules, so it starts in a few milliseconds from the sources, the tests and the bundle alike
 * (a worker file would need a bundle entry of its own and, from the sources, tsx's loader).
 * It hashes the bytes already in the file, then appends and hashes each batch it is sent (the
 * write on libuv's pool overlapping the hash here), and acknowledges every batch once it is
 * written. After a failed write it only reports the error.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { close, openSync, readSync, write } = require('node:fs');
const hash = createHash('sha256');
let fd = null;
let bytes = 0;
let failure = null;
const queue = [];
let writing = false;
let closeAsked = null;
const fail = (error) => {
  if (failure !== null) return;
  failure = { code: error.code ?? null, message: String(error.message) };
  parentPort.postMessage({ type: 'error', ...failure });
};
try {
  fd = openSync(workerData.path, 'a+');
  const chunk = Buffer.allocUnsafe(workerData.chunkBytes);
  while (bytes < workerData.keptBytes) {
    const read = readSync(fd, chunk, 0, Math.min(chunk.length, workerData.keptBytes - bytes), bytes);
    if (read === 0) throw Object.assign(new Error('the partial file is shorter than it was'), { code: 'ESHORT' });
    hash.update(chunk.subarray(0, read));
    bytes += read;
  }
  parentPort.postMessage({ type: 'ready' });
} catch (error) { fail(error); }
const finish = () => {
  const closed = () => parentPort.postMessage({ type: 'closed', bytes, sha256: failure === null && closeAsked.digest ? hash.digest('hex') : null });
  if (fd === null) return closed();
  close(fd, (error) => { if (error) fail(error); closed(); });
  fd = null;
};
// One write at a time, in order, on libuv's pool, while this thread hashes the next batches.
const writeNext = () => {
  if (writing) return;
  if (failure !== null || queue.length === 0) return void (closeAsked !== null && finish());
  writing = true;
  const batch = queue.shift();
  const from = (offset) => write(fd, batch, offset, batch.length - offset, null, (error, written) => {
    if (error) { writing = false; fail(error); return writeNext(); }
    if (offset + written < batch.length) return from(offset + written);
    writing = false;
    bytes += batch.length;
    // A full batch's memory goes back to be filled again: its pages are already mapped.
    if (batch.length === workerData.chunkBytes) parentPort.postMessage({ type: 'written', bytes, buffer: batch.buffer }, [batch.buffer]);
    else parentPort.postMessage({ type: 'written', bytes });
    writeNext();
  });
  from(0);
};
parentPort.on('message', (message) => {
  if (message.type === 'data') {
    if (failure !== null) return;
    const batch = Buffer.from(message.buffer, 0, message.length);
    queue.push(batch);
    writeNext();
    // Hashed while libuv writes it; the write's callback (which hands the memory back) can only
    // run after this returns.
    hash.update(batch);
    return;
  }
  closeAsked = message;
  writeNext();
});
`;

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'written'; bytes: number; buffer?: ArrayBuffer }
  | { type: 'error'; code: string | null; message: string }
  | { type: 'closed'; bytes: number; sha256: string | null };

/** A write that failed in the worker, with the errno code (ENOSPC, EACCES…) when there was one. */
export class FileWriteError extends Error {
  override name = 'FileWriteError';
  constructor(
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Appends a download's bytes to its partial file and hashes them (the bytes already there
 * first) on a worker thread, so the thread reading the socket does neither: on two cores the
 * sha256 alone took as long as curl's whole loopback download (docs/benchmarks.md). Received
 * chunks are copied into batches of `ioChunkBytes` and each batch's memory is handed over, not
 * copied again; once written it is handed back and refilled, because copying into fresh memory
 * cost a page fault per 4 KiB (a third of the copy's time, docs/benchmarks.md). `bytesOnDisk` counts only acknowledged batches, so the partial file always
 * holds every byte reported; `close` lets the batches already sent land first.
 */
export class HashingFileWriter {
  private readonly worker: Worker;
  private batch: Buffer;
  private batchLength = 0;
  private sentBytes = 0;
  private writtenBytes: number;
  private failure: FileWriteError | null = null;
  private closed: { bytes: number; sha256: string | null } | null = null;
  private waiters: (() => void)[] = [];
  /** Batches the worker has written and handed back: refilling them costs no page faults. */
  private readonly spareBatches: Buffer[] = [];

  private constructor(
    path: string,
    keptBytes: number,
    private readonly onWritten: (bytesOnDisk: number) => void,
  ) {
    this.batch = Buffer.allocUnsafeSlow(limits.ioChunkBytes);
    this.writtenBytes = keptBytes;
    this.sentBytes = keptBytes;
    this.worker = new Worker(workerSource, { eval: true, workerData: { path, keptBytes, chunkBytes: limits.ioChunkBytes } });
    this.worker.on('message', (message: WorkerMessage) => this.received(message));
    this.worker.on('error', (error) => this.received({ type: 'error', code: null, message: error.message }));
    this.worker.on('exit', () => this.received({ type: 'closed', bytes: this.writtenBytes, sha256: null }));
  }

  /** Once the bytes already in the file are hashed; rejects if the file cannot be opened or read. */
  static async open(path: string, keptBytes: number, onWritten: (bytesOnDisk: number) => void): Promise<HashingFileWriter> {
    const writer = new HashingFileWriter(path, keptBytes, onWritten);
    await writer.until(() => writer.ready || writer.failure !== null || writer.closed !== null);
    if (writer.failure !== null) {
      await writer.close();
      throw writer.failure;
    }
    return writer;
  }

  private ready = false;

  private received(message: WorkerMessage): void {
    if (message.type === 'ready') this.ready = true;
    else if (message.type === 'written') {
      this.writtenBytes = message.bytes;
      if (message.buffer) this.spareBatches.push(Buffer.from(message.buffer));
      if (this.writerIdle && this.failure === null && this.closed === null) this.send();
      this.onWritten(message.bytes);
    } else if (message.type === 'error') this.failure ??= new FileWriteError(message.code, message.message);
    else this.closed ??= { bytes: message.bytes, sha256: message.sha256 };
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /**
   * Queues a chunk (copied: the caller may reuse it). Synchronous, so a reader pays no promise
   * per chunk; false means the disk is too far behind: stop reading until `whenWritable`.
   */
  push(chunk: Buffer): boolean {
    if (this.failure !== null) throw this.failure;
    for (let offset = 0; offset < chunk.length; ) {
      const copied = chunk.copy(this.batch, this.batchLength, offset);
      this.batchLength += copied;
      offset += copied;
      if (this.batchLength === this.batch.length) this.send();
    }
    // Batches fill while the worker is busy; an idle worker gets the bytes now, so progress
    // and the partial file keep up with a slow server.
    if (this.writerIdle) this.send();
    return this.writable;
  }

  private get writable(): boolean {
    return this.sentBytes - this.writtenBytes <= limits.downloadUnwrittenBytesMax;
  }

  /** Once the worker has caught up enough for `push` to be called again; throws a write error. */
  async whenWritable(): Promise<void> {
    await this.until(() => this.failure !== null || this.writable);
    if (this.failure !== null) throw this.failure;
  }

  /** The worker has written everything sent: it gets what is queued at once, full batch or not. */
  private get writerIdle(): boolean {
    return this.sentBytes === this.writtenBytes;
  }

  private send(): void {
    if (this.batchLength === 0) return;
    const length = this.batchLength;
    let handedOver: Buffer;
    if (length === this.batch.length) {
      handedOver = this.batch;
      this.batch = this.spareBatches.pop() ?? Buffer.allocUnsafeSlow(limits.ioChunkBytes);
    } else {
      // A part-filled batch (a slow or pausing server) is copied out; the big one is kept.
      handedOver = Buffer.allocUnsafeSlow(length);
      this.batch.copy(handedOver, 0, 0, length);
    }
    this.batchLength = 0;
    // allocUnsafeSlow gives each buffer an ArrayBuffer of its own (never the shared pool's), so
    // handing it over detaches nothing else.
    const buffer = handedOver.buffer as ArrayBuffer;
    this.worker.postMessage({ type: 'data', buffer, length }, [buffer]);
    this.sentBytes += length;
  }

  /**
   * Writes what is queued, closes the file and ends the worker. With `digest`, resolves to the
   * whole file's sha256; throws the first write error. Safe to call more than once.
   */
  async close(digest = false): Promise<{ bytes: number; sha256: string | null }> {
    if (this.closed === null) {
      if (this.failure === null) this.send();
      this.worker.postMessage({ type: 'close', digest });
      await this.until(() => this.closed !== null);
      await this.worker.terminate();
    }
    if (this.failure !== null) throw this.failure;
    return this.closed ?? { bytes: this.writtenBytes, sha256: null };
  }
}

import { stat, truncate } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { finished } from 'node:stream/promises';
import { models as limits } from '../../config.js';
import { version } from '../../version.js';
import { redirectRefusalOf, refusalOf } from './download-url.js';
import { FileWriteError, HashingFileWriter } from './hashing-file-writer.js';

/**
 * Why a download stopped. `cut` (the connection broke or went silent) is worth resuming with a
 * Range request; the others are not. Messages never contain the URL: a mirror's may carry a token.
 */
export type DownloadFailureKind = 'cut' | 'http_status' | 'refused' | 'too_large' | 'disk';

export class DownloadError extends Error {
  override name = 'DownloadError';
  constructor(
    readonly kind: DownloadFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface FileDownloadRequest {
  url: URL;
  /** Bytes already there are kept and the rest is asked for with a Range request. */
  partialPath: string;
  /** No file may be longer: a bigger Content-Length or body stops the download. */
  sizeCapBytes: number;
  signal: AbortSignal;
  /** Called as bytes land: this file's bytes on disk, and its length once the server told it. */
  onProgress(bytesOnDisk: number, bytesTotal: number | null): void;
}

export interface DownloadedFile {
  /** Of the whole file, the bytes kept from earlier attempts included. */
  sha256: string;
  bytes: number;
  /** The sha256 the server announced (`X-Linked-Etag`, or an `ETag` of 64 hex characters), if any. */
  serverSha256: string | null;
}

async function sizeOnDisk(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

function announcedSha256(response: IncomingMessage): string | null {
  for (const header of ['x-linked-etag', 'etag']) {
    const value = response.headers[header];
    if (typeof value !== 'string') continue;
    const digest = value.replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase();
    if (/^[0-9a-f]{64}$/.test(digest)) return digest;
  }
  return null;
}

/** `bytes 100-199/200` → {start: 100, total: 200}; the star form (nothing satisfiable) gives start null. */
function parseContentRange(value: string | undefined): { start: number | null; total: number | null } | null {
  const match = /^bytes (?:(\d+)-\d+|\*)\/(\d+|\*)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  return { start: match[1] === undefined ? null : Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

function get(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { headers, signal }, resolve);
    request.setTimeout(limits.downloadStallTimeoutMs, () => request.destroy(new DownloadError('cut', 'the server stopped answering')));
    request.on('error', (error) => reject(signal.aborted ? signal.reason : asCut(error)));
    request.end();
  });
}

/** A file that cannot be opened, read or written; messages keep the errno code, never the path. */
function asDiskError(error: unknown): unknown {
  if (error instanceof DownloadError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? null;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new DownloadError('disk', 'the disk is full');
  return new DownloadError('disk', `the file cannot be written${code ? ` (${code})` : ''}`);
}

function asCut(error: unknown): unknown {
  if (error instanceof DownloadError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new DownloadError('cut', `the connection failed${code ? ` (${code})` : ''}`);
}

/** The response to a GET, redirects followed (to https only, and only so many). */
async function open(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const refused = refusalOf(url);
  if (refused) throw new DownloadError('refused', refused);
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await get(current, headers, signal);
    const location = response.headers.location;
    if (response.statusCode === undefined || response.statusCode < 300 || response.statusCode >= 400 || location === undefined) return response;
    response.resume();
    if (hop >= limits.redirectsMax) throw new DownloadError('refused', 'the server redirected too many times');
    current = new URL(location, current);
    const refusal = redirectRefusalOf(current);
    if (refusal) throw new DownloadError('refused', refusal);
  }
}

/**
 * Downloads one file into its partial path, resuming from the bytes already there, hashing as
 * the bytes stream through. Nothing is decompressed (`Accept-Encoding: identity`): the digest
 * is of the publisher's bytes. Abort through the signal: the partial file stays for a resume.
 */
export async function downloadFile(job: FileDownloadRequest): Promise<DownloadedFile> {
  const { signal } = job;
  let kept = await sizeOnDisk(job.partialPath).catch((error: unknown) => Promise.reject(asDiskError(error)));
  const headers: Record<string, string> = { 'accept-encoding': 'identity', 'user-agent': `Lectern/${version}` };
  if (kept > 0) headers.range = `bytes=${kept}-`;
  const response = await open(job.url, headers, signal);
  const status = response.statusCode ?? 0;
  let total: number | null = null;

  const startOver = async () => {
    await truncate(job.partialPath, 0).catch(() => undefined);
    kept = 0;
  };

  if (status === 416) {
    response.resume();
    const range = parseContentRange(response.headers['content-range']);
    if (kept > 0 && range?.total === kept) {
      // The whole file is already here: its digest is of the bytes on disk.
      const writer = await HashingFileWriter.open(job.partialPath, kept, () => undefined).catch((error: unknown) => Promise.reject(asDiskError(error)));
      const { sha256 } = await writer.close(true);
      if (sha256 !== null) return { sha256, bytes: kept, serverSha256: announcedSha256(response) };
    }
    await startOver();
    throw new DownloadError('cut', 'the server refused to resume the partial file; starting over');
  }
  if (status === 206) {
    const range = parseContentRange(response.headers['content-range']);
    if (range?.start !== kept) {
      response.resume();
      await startOver();
      throw new DownloadError('cut', 'the server resumed at the wrong place; starting over');
    }
    total = range.total;
  } else if (status === 200) {
    // A server that ignores Range sends the whole file again.
    if (kept > 0) await startOver();
    const length = Number(response.headers['content-length']);
    total = Number.isSafeInteger(length) && response.headers['content-length'] !== undefined ? length : null;
  } else {
    response.resume();
    throw new DownloadError('http_status', `the server answered ${status}`);
  }
  if (total !== null && total > job.sizeCapBytes) {
    response.resume();
    throw new DownloadError('too_large', `the server announced ${total} bytes, more than the ${job.sizeCapBytes} allowed for this file`);
  }

  job.onProgress(kept, total);
  // The body's own stall: headers arrived but the bytes stopped.
  response.setTimeout(limits.downloadStallTimeoutMs, () => response.destroy(new DownloadError('cut', 'the server stopped sending')));
  // Read here, written and hashed on a worker thread. Not piped: a pipeline destroys the file
  // stream on a cut, dropping bytes it had buffered, and the partial file must hold every byte
  // counted; the writer counts a batch only once it is on disk, and `close` writes what came.
  let received = kept;
  const writer = await HashingFileWriter.open(job.partialPath, kept, (bytesOnDisk) => job.onProgress(bytesOnDisk, total)).catch((error: unknown) => {
    response.destroy();
    throw asDiskError(error);
  });
  let written: { bytes: number; sha256: string | null };
  try {
    try {
      // `finished` settles on the end, a cut (premature close), an abort or a destroy below.
      const reading = finished(response);
      response.on('data', (chunk: Buffer) => {
        if (received + chunk.length > job.sizeCapBytes) return void response.destroy(new DownloadError('too_large', `the file is longer than the ${job.sizeCapBytes} bytes allowed`));
        received += chunk.length;
        try {
          if (writer.push(chunk)) return;
        } catch (error) {
          return void response.destroy(error as Error);
        }
        // Backpressure: the socket is not read further while the disk is this far behind.
        response.pause();
        writer.whenWritable().then(
          () => response.resume(),
          (error: unknown) => response.destroy(error as Error),
        );
      });
      await reading;
    } finally {
      // Stops reading a socket whose bytes are no longer wanted (a failed write, the size cap).
      if (!response.complete) response.destroy();
      // Runs on every path, so the bytes received before a cut or a cancel are kept for a resume.
      written = await writer.close(true);
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof DownloadError) throw error;
    if (error instanceof FileWriteError) throw asDiskError(error);
    throw asCut(error);
  }
  const { bytes, sha256 } = written;
  if (!response.complete || (total !== null && bytes < total) || sha256 === null) {
    throw new DownloadError('cut', `the connection closed after ${bytes} of ${total ?? 'unknown'} bytes`);
  }
  return { sha256, bytes, serverSha256: announcedSha256(response) };
}

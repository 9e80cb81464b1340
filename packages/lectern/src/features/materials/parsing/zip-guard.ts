// Opening an Office file's zip container without letting it take the machine. The entry count
// and the sizes the central directory declares are checked before anything is inflated; then
// every entry read is counted against the file's unpack budget as it inflates (declared sizes
// may lie) and its checksum verified. Entries never read are never inflated.
import { crc32 } from 'node:zlib';
import JSZip from 'jszip';
import { materials as limits } from '../../../config.js';
import { MaterialRejected } from './extracted.js';
import { UnpackBudget, type UnpackLimits, type UnpackRefusals } from './unpack-budget.js';

/**
 * JSZip keeps each entry's central-directory sizes and checksum on a field its typings leave
 * out. Reading them is the only way to judge an entry before inflating it.
 */
interface DeclaredEntry {
  _data?: { compressedSize?: number; uncompressedSize?: number; crc32?: number };
}

const declared = (entry: JSZip.JSZipObject) => (entry as unknown as DeclaredEntry)._data ?? {};

const archiveLimits: UnpackLimits = {
  totalMaxBytes: limits.unpackedMaxBytes,
  ratioMax: limits.archiveEntryRatioMax,
  ratioFloorBytes: limits.archiveRatioFloorBytes,
};

const archiveRefusals: UnpackRefusals = {
  tooLarge: ({ totalMaxBytes }) => new MaterialRejected('archive_too_large', `The file unpacks to more than ${totalMaxBytes / (1024 * 1024)} MiB`),
  suspiciousRatio: ({ ratioMax }) =>
    new MaterialRejected('archive_suspicious_ratio', `A part of the file unpacks to more than ${ratioMax} times its packed size (a zip bomb); it was not read`),
};

const damagedPart = () => new MaterialRejected('corrupt', 'The file is damaged: a part of it cannot be unpacked');

export class GuardedZip {
  readonly #budget = new UnpackBudget(archiveLimits, archiveRefusals);

  private constructor(private readonly zip: JSZip) {}

  static async open(bytes: Uint8Array): Promise<GuardedZip> {
    let zip: JSZip;
    try {
      // Without checkCRC32, which would inflate every entry before any bound is checked.
      zip = await JSZip.loadAsync(bytes);
    } catch {
      throw new MaterialRejected('corrupt', 'The file is damaged: its zip container cannot be read');
    }
    const entries = Object.values(zip.files);
    if (entries.length > limits.archiveEntriesMax) {
      throw new MaterialRejected('archive_too_many_entries', `The file holds more than ${limits.archiveEntriesMax} archive entries`);
    }
    // What the archive admits to is judged at once, by the same bounds its reading is held to.
    const admitted = new UnpackBudget(archiveLimits, archiveRefusals);
    for (const entry of entries) {
      const { uncompressedSize = 0, compressedSize = 0 } = declared(entry);
      admitted.part(compressedSize).claim(uncompressedSize);
    }
    return new GuardedZip(zip);
  }

  has(path: string): boolean {
    return this.zip.file(path) !== null;
  }

  paths(): string[] {
    return Object.keys(this.zip.files);
  }

  /** An entry's text (UTF-8), or null when absent. */
  async text(path: string): Promise<string | null> {
    const bytes = await this.bytes(path);
    return bytes === null ? null : bytes.toString('utf8');
  }

  /** An entry's bytes, or null when absent (or a folder); refused once the file unpacks past its budget. */
  bytes(path: string): Promise<Buffer | null> {
    const entry = this.zip.file(path);
    if (entry === null || entry.dir) return Promise.resolve(null);
    const { compressedSize = 0, crc32: declaredCrc } = declared(entry);
    const part = this.#budget.part(compressedSize);
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let checksum = 0;
      let ended = false;
      const stream = (entry as unknown as StreamingEntry).internalStream('uint8array');
      const fail = (refusal: MaterialRejected): void => {
        if (ended) return;
        ended = true;
        // Pausing stops the inflating: no further compressed block is fed to the inflater.
        stream.pause();
        chunks.length = 0;
        reject(refusal);
      };
      stream
        .on('data', (chunk) => {
          if (ended) return;
          try {
            part.claim(chunk.byteLength);
          } catch (refusal) {
            fail(refusal as MaterialRejected);
            return;
          }
          checksum = crc32(chunk, checksum);
          chunks.push(chunk);
        })
        .on('error', () => fail(damagedPart()))
        .on('end', () => {
          // JSZip reads the declared checksum as a signed 32-bit number.
          if (declaredCrc === undefined || checksum !== declaredCrc >>> 0) return fail(damagedPart());
          ended = true;
          resolve(Buffer.concat(chunks));
        })
        .resume();
    });
  }
}

/**
 * JSZip's streaming read of one entry (ZipObject#internalStream, in its documentation, not in
 * its typings): chunks as they inflate, where `async()` would gather the whole entry first.
 */
interface StreamingEntry {
  internalStream(type: 'uint8array'): EntryStream;
}

interface EntryStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): EntryStream;
  on(event: 'error' | 'end', listener: () => void): EntryStream;
  pause(): EntryStream;
  resume(): EntryStream;
}

// Opening an Office file's zip container without letting it take the machine: entry count,
// unpacked size and compression ratio are checked from the central directory before anything
// is inflated, and what is inflated afterwards is counted against the same budget (the
// declared sizes may lie; the worker's heap limit backs this up).
import JSZip from 'jszip';
import { materials as limits } from '../../../config.js';
import { MaterialRejected } from './extracted.js';

/**
 * JSZip keeps each entry's central-directory sizes on a field its typings leave out. Reading
 * them is the only way to judge an entry before inflating it.
 */
interface DeclaredSizes {
  _data?: { compressedSize?: number; uncompressedSize?: number };
}

export class GuardedZip {
  #inflatedBytes = 0;

  private constructor(private readonly zip: JSZip) {}

  static async open(bytes: Uint8Array): Promise<GuardedZip> {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
    } catch {
      throw new MaterialRejected('corrupt', 'The file is damaged: its zip container cannot be read');
    }
    const entries = Object.values(zip.files);
    if (entries.length > limits.archiveEntriesMax) {
      throw new MaterialRejected('archive_too_many_entries', `The file holds more than ${limits.archiveEntriesMax} archive entries`);
    }
    let declaredTotal = 0;
    for (const entry of entries) {
      const sizes = (entry as unknown as DeclaredSizes)._data;
      const unpacked = sizes?.uncompressedSize ?? 0;
      const packed = sizes?.compressedSize ?? 0;
      declaredTotal += unpacked;
      if (unpacked > limits.archiveRatioFloorBytes && unpacked > packed * limits.archiveEntryRatioMax) {
        throw new MaterialRejected('archive_suspicious_ratio', 'The file unpacks to far more than its size (a zip bomb); it was not opened');
      }
    }
    if (declaredTotal > limits.archiveUnpackedMaxBytes) {
      throw new MaterialRejected('archive_too_large', `The file unpacks to more than ${limits.archiveUnpackedMaxBytes / (1024 * 1024)} MiB`);
    }
    return new GuardedZip(zip);
  }

  has(path: string): boolean {
    return this.zip.file(path) !== null;
  }

  paths(): string[] {
    return Object.keys(this.zip.files);
  }

  /** An entry's text, or null when absent; inflating past the unpacked budget is refused. */
  async text(path: string): Promise<string | null> {
    const entry = this.zip.file(path);
    if (entry === null) return null;
    let text: string;
    try {
      text = await entry.async('string');
    } catch {
      throw new MaterialRejected('corrupt', 'The file is damaged: a part of it cannot be unpacked');
    }
    this.#inflatedBytes += text.length;
    if (this.#inflatedBytes > limits.archiveUnpackedMaxBytes) {
      throw new MaterialRejected('archive_too_large', `The file unpacks to more than ${limits.archiveUnpackedMaxBytes / (1024 * 1024)} MiB`);
    }
    return text;
  }
}

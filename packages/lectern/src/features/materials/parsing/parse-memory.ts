// The one memory budget all material parses share. Each parse is counted at the most it may
// take, before its process starts; a parse that does not fit waits, in arrival order, until
// enough earlier ones have ended (their processes exited, so their memory is given back).
import { materials as limits } from '../../../config.js';

const MiB = 1024 * 1024;

/**
 * The most one parse may take: its process's heap limit and young generation, the process's own
 * runtime, the file twice (its copy, and the reader's: pdf.js's copy, the decoded text) and all
 * it may unpack to (a PDF's streams, an Office file's parts), which live outside the heap.
 */
export function parseReservationBytes(fileBytes: number, heapMb: number): number {
  const youngGenerationMb = 3 * limits.parseWorkerSemiSpaceMb;
  return (heapMb + youngGenerationMb + limits.parseWorkerBaseMb) * MiB + 2 * fileBytes + limits.unpackedMaxBytes;
}

export class ParseMemoryBudget {
  #reservedBytes = 0;
  readonly #waiting: { bytes: number; start: () => void }[] = [];

  constructor(private readonly budgetBytes: number) {}

  /**
   * Waits until `bytes` fit beside the parses running, then holds them until the returned
   * release is called. A reservation larger than the whole budget runs alone.
   */
  async reserve(bytes: number): Promise<() => void> {
    if (this.#waiting.length > 0 || !this.#fits(bytes)) {
      await new Promise<void>((start) => this.#waiting.push({ bytes, start }));
    } else {
      this.#reservedBytes += bytes;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#reservedBytes -= bytes;
      this.#startWaiting();
    };
  }

  #fits(bytes: number): boolean {
    return this.#reservedBytes === 0 || this.#reservedBytes + bytes <= this.budgetBytes;
  }

  /** In arrival order: a large parse is not overtaken for ever by small ones behind it. */
  #startWaiting(): void {
    while (this.#waiting.length > 0 && this.#fits(this.#waiting[0]!.bytes)) {
      const next = this.#waiting.shift()!;
      this.#reservedBytes += next.bytes;
      next.start();
    }
  }
}

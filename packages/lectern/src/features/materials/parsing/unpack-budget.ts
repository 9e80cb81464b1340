// How much a file may unpack to while it is read: a zip's entries, a PDF's compressed streams.
// Each decompression reports its output here before it allocates it, so a bomb is refused the
// moment it crosses the line instead of after it has taken the memory. Bounded twice: in bytes
// over the whole file, and as a ratio of each packed part's size.
import type { MaterialRejected } from './extracted.js';

export interface UnpackLimits {
  /** What the whole file may unpack to. */
  totalMaxBytes: number;
  /** How many times its packed size one part may unpack to. */
  ratioMax: number;
  /** A part is judged by its ratio only above this many unpacked bytes (small ones pack well by chance). */
  ratioFloorBytes: number;
}

/** The refusals a format gives, in its own words. */
export interface UnpackRefusals {
  tooLarge(limits: UnpackLimits): MaterialRejected;
  suspiciousRatio(limits: UnpackLimits): MaterialRejected;
}

export class UnpackBudget {
  #unpackedBytes = 0;
  #refusal: MaterialRejected | null = null;

  constructor(
    readonly limits: UnpackLimits,
    private readonly refusals: UnpackRefusals,
  ) {}

  /** The refusal once the file has crossed a bound; every later claim throws it again. */
  get refusal(): MaterialRejected | null {
    return this.#refusal;
  }

  /** A part packed in `packedBytes` (an archive entry; for a PDF, the whole file). */
  part(packedBytes: number): UnpackedPart {
    let partBytes = 0;
    return {
      claim: (bytes: number): void => {
        if (this.#refusal) throw this.#refusal;
        partBytes += bytes;
        this.#unpackedBytes += bytes;
        if (this.#unpackedBytes > this.limits.totalMaxBytes) this.#refuse(this.refusals.tooLarge(this.limits));
        if (partBytes > this.limits.ratioFloorBytes && partBytes > packedBytes * this.limits.ratioMax) {
          this.#refuse(this.refusals.suspiciousRatio(this.limits));
        }
      },
    };
  }

  #refuse(refusal: MaterialRejected): never {
    this.#refusal = refusal;
    throw refusal;
  }
}

export interface UnpackedPart {
  /** Counts bytes about to be unpacked; throws the refusal when they cross a bound. */
  claim(bytes: number): void;
}

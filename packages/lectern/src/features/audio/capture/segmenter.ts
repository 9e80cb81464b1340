import { audio as limits } from '../../../config.js';

export interface SegmenterTiming {
  frameMs: number;
  endSilenceMs: number;
  minSpeechMs: number;
  maxSeconds: number;
  preRollMs: number;
}

const defaultTiming: SegmenterTiming = {
  frameMs: limits.vadFrameMs,
  endSilenceMs: limits.segmentEndSilenceMs,
  minSpeechMs: limits.segmentMinSpeechMs,
  maxSeconds: limits.segmentMaxSeconds,
  preRollMs: limits.segmentPreRollMs,
};

/**
 * Cuts a stream of VAD-labelled frames into speech segments: a segment starts at the first
 * voiced frame (with a little audio from before it), ends after a stretch of silence or at the
 * maximum length, and is kept only if it held enough speech. Pure bookkeeping: the frames and
 * their labels come from the caller.
 */
export class SpeechSegmenter {
  readonly #timing: SegmenterTiming;
  readonly #preRoll: Int16Array[] = [];
  #segment: Int16Array[] = [];
  #voicedFrames = 0;
  #silentRun = 0;

  constructor(timing: Partial<SegmenterTiming> = {}) {
    this.#timing = { ...defaultTiming, ...timing };
  }

  get inSpeech(): boolean {
    return this.#segment.length > 0;
  }

  /** Milliseconds of audio in the segment so far (0 outside speech). */
  get segmentMs(): number {
    return this.#segment.length * this.#timing.frameMs;
  }

  /** The segment so far, for a partial hypothesis. */
  current(): Int16Array {
    return concat(this.#segment);
  }

  /** Feeds one frame; returns a finished segment when this frame ended one. */
  push(frame: Int16Array, voiced: boolean): Int16Array | null {
    const { frameMs, endSilenceMs, maxSeconds, preRollMs } = this.#timing;
    if (!this.inSpeech) {
      if (!voiced) {
        this.#preRoll.push(frame);
        if (this.#preRoll.length * frameMs > preRollMs) this.#preRoll.shift();
        return null;
      }
      this.#segment = [...this.#preRoll.splice(0), frame];
      this.#voicedFrames = 1;
      this.#silentRun = 0;
      return null;
    }
    this.#segment.push(frame);
    if (voiced) {
      this.#voicedFrames++;
      this.#silentRun = 0;
    } else this.#silentRun++;
    if (this.#silentRun * frameMs >= endSilenceMs || this.#segment.length * frameMs >= maxSeconds * 1000) return this.flush();
    return null;
  }

  /** Ends the current segment now (stop, pause): it, if it held enough speech, else null. */
  flush(): Int16Array | null {
    const segment = this.#segment;
    const enough = this.#voicedFrames * this.#timing.frameMs >= this.#timing.minSpeechMs;
    this.#segment = [];
    this.#voicedFrames = 0;
    this.#silentRun = 0;
    return segment.length > 0 && enough ? concat(segment) : null;
  }
}

function concat(frames: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((sum, frame) => sum + frame.length, 0));
  let offset = 0;
  for (const frame of frames) {
    out.set(frame, offset);
    offset += frame.length;
  }
  return out;
}

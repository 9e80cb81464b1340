import { audio as limits } from '../../../config.js';
import { ApiError } from '../../../platform/errors.js';
import type { EventPublisher } from '../../../platform/events.js';
import type { AudioEvents } from '../events.js';
import type { Session } from '../../sessions/schemas.js';
import { peakOf } from '../resample.js';
import { CaptureProcess } from './capture-process.js';
import { soundSystem } from './devices.js';
import { SpeechSegmenter } from './segmenter.js';
import { VoiceActivityDetector } from './voice-activity.js';

/** What a microphone class needs from the rest of Lectern. */
export interface MicrophoneDependencies {
  hub: EventPublisher<AudioEvents>;
  environment: NodeJS.ProcessEnv;
  /** `asr.device_id` from the settings ('' for the default input). */
  deviceId: () => string;
  /** Checks a recogniser is usable (throws the 503 otherwise). */
  ensureRecogniser: () => Promise<unknown>;
  /** Recognises a 16 kHz segment for the session. */
  recognise: (session: Session, samples: Int16Array) => Promise<string>;
  /** Appends recognised text (filtered); `drain` lets the last segment of a pause or stop in. */
  append: (sessionId: string, text: string, sourceId: string, drain: boolean) => void;
  /** Puts the session in `error` after a capture or engine failure. */
  fail: (sessionId: string) => void;
}

/** How often a long segment in progress is decoded for `audio.partial`. */
const PARTIAL_INTERVAL_MS = 3000;

/**
 * One microphone class: capture → VAD segmentation → recognition → entries, with the
 * `audio.*` events. Segments are recognised one after another in order; pause and stop end
 * the segment in progress (it is still transcribed) and stop the recorder.
 */
export class MicrophoneClass {
  #capture: CaptureProcess | undefined;
  #vad: VoiceActivityDetector | undefined;
  readonly #segmenter = new SpeechSegmenter();
  #pending: Int16Array = new Int16Array(0);
  #lastLevelAt = 0;
  #levelPeak = 0;
  #segmentCounter = 0;
  #lastPartialAt = 0;
  #partialRunning = false;
  /** Segments are transcribed in order, one at a time. */
  #work: Promise<void> = Promise.resolve();
  #failed = false;

  constructor(
    private readonly session: Session,
    private readonly deps: MicrophoneDependencies,
  ) {}

  get sessionId(): string {
    return this.session.id;
  }

  /** Starts capture; throws a 503 (device_unavailable or model_unavailable) when it cannot. */
  async start(): Promise<void> {
    await this.deps.ensureRecogniser();
    this.#vad ??= await VoiceActivityDetector.create();
    const system = await soundSystem(this.deps.environment);
    if (system === null) throw new ApiError('device_unavailable', 'No sound system to record from: install pulseaudio-utils (PulseAudio) or alsa-utils (ALSA)');
    const capture = new CaptureProcess({
      system,
      deviceId: this.deps.deviceId(),
      environment: this.deps.environment,
      onAudio: (samples) => this.#onAudio(samples),
      onFailure: (message) => this.#fail('device_unavailable', `The microphone stopped: ${message}`),
    });
    try {
      await capture.start();
    } catch (error) {
      throw new ApiError('device_unavailable', `The microphone could not be opened: ${(error as Error).message}`.slice(0, 400));
    }
    this.#capture = capture;
  }

  #onAudio(samples: Int16Array): void {
    const vad = this.#vad;
    if (!vad || this.#failed) return;
    this.#level(samples);
    const joined = new Int16Array(this.#pending.length + samples.length);
    joined.set(this.#pending);
    joined.set(samples, this.#pending.length);
    let offset = 0;
    for (; offset + vad.frameSamples <= joined.length; offset += vad.frameSamples) {
      const frame = joined.slice(offset, offset + vad.frameSamples);
      const segment = this.#segmenter.push(frame, vad.isSpeech(frame));
      if (segment) void this.#transcribe(segment, false);
    }
    this.#pending = joined.slice(offset);
    this.#maybePartial();
  }

  /** `audio.level {peak}` (0..1), at most `levelEventsPerSecondMax` a second: the loudest sample since the last one. */
  #level(samples: Int16Array): void {
    this.#levelPeak = Math.max(this.#levelPeak, peakOf(samples));
    const now = Date.now();
    if (now - this.#lastLevelAt < 1000 / limits.levelEventsPerSecondMax) return;
    this.#lastLevelAt = now;
    this.deps.hub.publish('audio.level', this.session.id, { peak: Math.min(1, Math.round((this.#levelPeak / 32768) * 1000) / 1000) });
    this.#levelPeak = 0;
  }

  /** While a long segment is still going, its text so far as `audio.partial` (skipped while the recogniser is busy). */
  #maybePartial(): void {
    if (!this.#segmenter.inSpeech || this.#segmenter.segmentMs < PARTIAL_INTERVAL_MS || this.#partialRunning) return;
    const now = Date.now();
    if (now - this.#lastPartialAt < PARTIAL_INTERVAL_MS) return;
    this.#lastPartialAt = now;
    this.#partialRunning = true;
    this.deps
      .recognise(this.session, this.#segmenter.current())
      .then((text) => {
        if (text !== '' && !this.#failed) this.deps.hub.publish('audio.partial', this.session.id, { text });
      })
      .catch(() => undefined)
      .finally(() => (this.#partialRunning = false));
  }

  #transcribe(segment: Int16Array, drain: boolean): Promise<void> {
    const sourceId = `microphone-${Date.now()}-${++this.#segmentCounter}`;
    this.#work = this.#work.then(async () => {
      if (this.#failed) return;
      try {
        const text = await this.deps.recognise(this.session, segment);
        if (text !== '') this.deps.append(this.session.id, text, sourceId, drain);
      } catch (error) {
        const code = error instanceof ApiError ? error.code : 'model_unavailable';
        this.#fail(code, error instanceof Error ? error.message : 'The speech recogniser failed');
      }
    });
    return this.#work;
  }

  #fail(code: string, message: string): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#capture?.stop();
    this.#capture = undefined;
    this.deps.hub.publish('audio.error', this.session.id, { code, message: message.slice(0, 400) });
    this.deps.fail(this.session.id);
  }

  /** Pause: the recorder stops; the segment in progress is still transcribed. */
  async pause(): Promise<void> {
    this.#capture?.stop();
    this.#capture = undefined;
    const segment = this.#segmenter.flush();
    this.#pending = new Int16Array(0);
    if (segment) await this.#transcribe(segment, true);
  }

  /** Resume: a new recorder on the same device. */
  async resume(): Promise<void> {
    if (this.#capture || this.#failed) return;
    try {
      await this.start();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('device_unavailable', 'The microphone could not be reopened');
      this.#fail(apiError.code, apiError.message);
    }
  }

  /** Stop: `audio.stopping`, then the last segment is drained into the transcript; the recorder and VAD are released. */
  async stop(): Promise<void> {
    this.deps.hub.publish('audio.stopping', this.session.id, {});
    await this.pause();
    await this.#work;
    this.#vad?.close();
    this.#vad = undefined;
  }
}

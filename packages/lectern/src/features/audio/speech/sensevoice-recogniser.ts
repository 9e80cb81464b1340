import { join } from 'node:path';
import { audio as limits } from '../../../config.js';
import type { ClipContext, Recogniser } from './recogniser.js';
import { SerialQueue } from './serial-queue.js';

export const senseVoiceId = 'sensevoice-small';

/** The files the model manager installs for SenseVoice (features/models/manifest.ts). */
export const senseVoiceFiles = { model: 'model.int8.onnx', tokens: 'tokens.txt', vad: 'silero_vad.onnx' } as const;

/** The parts of sherpa-onnx-node's offline recogniser Lectern calls. */
interface OfflineStream {
  acceptWaveform(input: { samples: Float32Array; sampleRate: number }): void;
}
interface OfflineRecognizer {
  createStream(): OfflineStream;
  decodeAsync(stream: OfflineStream): Promise<void>;
  getResult(stream: OfflineStream): { text: string };
}
interface SherpaOnnx {
  OfflineRecognizer: { createAsync(config: unknown): Promise<OfflineRecognizer> };
}

/** Loads sherpa-onnx-node's native addon; throws when it cannot load on this machine. */
export async function loadSherpaOnnx(): Promise<SherpaOnnx> {
  // The package has no type declarations; SherpaOnnx above types what is used.
  const loaded = (await import('sherpa-onnx-node')) as unknown as { default?: SherpaOnnx } & SherpaOnnx;
  return loaded.default ?? loaded;
}

/**
 * SenseVoice Small (int8) through sherpa-onnx-node, from the model manager's install folder.
 * Loaded once (asynchronously, off the main thread) on first use; decoding runs on the addon's
 * worker thread, one clip at a time. Language: `asr.language` when SenseVoice knows it, else auto.
 */
export class SenseVoiceRecogniser implements Recogniser {
  readonly id = senseVoiceId;
  readonly #queue = new SerialQueue(limits.recognitionQueueMax, 'The speech recogniser is busy with other clips; retry shortly');
  #recognizer: Promise<OfflineRecognizer> | undefined;

  constructor(
    private readonly modelDir: string,
    private readonly language: () => string,
  ) {}

  #load(): Promise<OfflineRecognizer> {
    this.#recognizer ??= loadSherpaOnnx().then((sherpa) =>
      sherpa.OfflineRecognizer.createAsync({
        featConfig: { sampleRate: limits.recogniserSampleRate, featureDim: 80 },
        modelConfig: {
          senseVoice: { model: join(this.modelDir, senseVoiceFiles.model), language: senseVoiceLanguage(this.language()), useInverseTextNormalization: 1 },
          tokens: join(this.modelDir, senseVoiceFiles.tokens),
          numThreads: 1,
          provider: 'cpu',
          debug: 0,
        },
      }),
    );
    this.#recognizer.catch(() => (this.#recognizer = undefined));
    return this.#recognizer;
  }

  recognise(samples: Int16Array, _context: ClipContext): Promise<string> {
    return this.#queue.run(async () => {
      const recognizer = await this.#load();
      const stream = recognizer.createStream();
      const floats = new Float32Array(samples.length);
      for (let i = 0; i < samples.length; i++) floats[i] = samples[i]! / 32768;
      stream.acceptWaveform({ samples: floats, sampleRate: limits.recogniserSampleRate });
      await recognizer.decodeAsync(stream);
      return recognizer.getResult(stream).text.trim();
    });
  }

  close(): void {
    this.#recognizer = undefined;
  }
}

const senseVoiceLanguages = new Set(['zh', 'en', 'ja', 'ko', 'yue']);

function senseVoiceLanguage(setting: string): string {
  const base = setting.toLowerCase().split(/[-_]/)[0] ?? '';
  return senseVoiceLanguages.has(base) ? base : 'auto';
}

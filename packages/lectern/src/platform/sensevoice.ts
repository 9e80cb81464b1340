// SenseVoice through sherpa-onnx-node, the one wrapper of its native addon: the audio feature's
// engine process decodes clips with it and the model manager's load probe proves an install
// with it, so both open the model the same way. Callers run it in a process of its own:
// sherpa-onnx ends the process it runs in when a model file is damaged.
import { join } from 'node:path';
import { audio, senseVoiceFiles } from '../config.js';

/** The parts of sherpa-onnx-node's offline recogniser Lectern calls (the package ships no types). */
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

/** sherpa-onnx-node is missing or its native addon does not load on this machine. */
export class SherpaOnnxUnavailable extends Error {
  constructor(
    /** The loader's own reason, its first line (at most 200 characters). */
    readonly reason: string,
  ) {
    super(`The speech recogniser runtime sherpa-onnx-node is not installed or does not load on this machine (${reason})`);
    this.name = 'SherpaOnnxUnavailable';
  }
}

async function loadSherpaOnnx(): Promise<SherpaOnnx> {
  try {
    // untyped-modules.d.ts declares the package; SherpaOnnx types what is used.
    const loaded = (await import('sherpa-onnx-node')) as unknown as { default?: SherpaOnnx } & SherpaOnnx;
    return loaded.default ?? loaded;
  } catch (error) {
    throw new SherpaOnnxUnavailable((error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200));
  }
}

/** Null when sherpa-onnx-node's addon loads here; else why not. */
export function sherpaOnnxLoadError(): Promise<string | null> {
  return loadSherpaOnnx().then(
    () => null,
    (error: unknown) => (error instanceof SherpaOnnxUnavailable ? error.reason : String(error)),
  );
}

/** A loaded SenseVoice model: decodes 16 kHz mono clips, one at a time. */
export interface SenseVoiceDecoder {
  /** The recognised text, trimmed ('' for nothing); samples are 16-bit or already floats in -1..1. */
  decode(samples: Int16Array | Float32Array): Promise<string>;
}

/**
 * Loads SenseVoice Small from an install folder (the files of `senseVoiceFiles`), with inverse
 * text normalisation, on one CPU thread. `language` is one SenseVoice knows (zh, en, ja, ko,
 * yue) or 'auto'. Rejects with SherpaOnnxUnavailable without the addon.
 */
export async function openSenseVoice(modelDir: string, language: string): Promise<SenseVoiceDecoder> {
  const sherpa = await loadSherpaOnnx();
  const recognizer = await sherpa.OfflineRecognizer.createAsync({
    featConfig: { sampleRate: audio.recogniserSampleRate, featureDim: 80 },
    modelConfig: {
      senseVoice: { model: join(modelDir, senseVoiceFiles.model), language, useInverseTextNormalization: 1 },
      tokens: join(modelDir, senseVoiceFiles.tokens),
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    },
  });
  return {
    async decode(samples) {
      const stream = recognizer.createStream();
      stream.acceptWaveform({ samples: samples instanceof Float32Array ? samples : floatsOf(samples), sampleRate: audio.recogniserSampleRate });
      await recognizer.decodeAsync(stream);
      return recognizer.getResult(stream).text.trim();
    },
  };
}

function floatsOf(samples: Int16Array): Float32Array {
  const floats = new Float32Array(samples.length);
  for (let i = 0; i < floats.length; i++) floats[i] = samples[i]! / 32768;
  return floats;
}

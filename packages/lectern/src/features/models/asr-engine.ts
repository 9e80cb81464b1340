import { createRequire } from 'node:module';
import { join } from 'node:path';
import { senseVoiceFiles } from '../../config.js';

const sampleRate = 16_000;

/** The part of sherpa-onnx-node's API the probe uses (the package ships no types). */
interface SherpaOnnx {
  OfflineRecognizer: new (config: unknown) => {
    createStream(): { acceptWaveform(wave: { sampleRate: number; samples: Float32Array }): void };
    decode(stream: unknown): void;
    getResult(stream: unknown): { text: string };
  };
}

const runtimeName = 'sherpa-onnx-node';

/** sherpa-onnx-node when it is installed; a clear message when not (it is the audio feature's dependency). */
function loadSherpaOnnx(): SherpaOnnx {
  try {
    // A CommonJS native addon; required by name at run time so Lectern builds without it.
    return createRequire(import.meta.url)(runtimeName) as SherpaOnnx;
  } catch (error) {
    throw new Error(`The speech recogniser runtime ${runtimeName} is not installed or does not load on this machine (${(error as Error).message.split('\n')[0]})`);
  }
}

/**
 * Loads SenseVoice from an installed model folder and decodes one second of silence: proof that
 * the files are a model sherpa-onnx can run, not that it recognises well. Returns the text
 * (usually empty for silence).
 */
export function decodeSilenceWithSenseVoice(dir: string): string {
  const sherpa = loadSherpaOnnx();
  const recognizer = new sherpa.OfflineRecognizer({
    featConfig: { sampleRate, featureDim: 80 },
    modelConfig: {
      senseVoice: { model: join(dir, senseVoiceFiles.model), useInverseTextNormalization: 1 },
      tokens: join(dir, senseVoiceFiles.tokens),
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    },
  });
  const stream = recognizer.createStream();
  stream.acceptWaveform({ sampleRate, samples: new Float32Array(sampleRate) });
  recognizer.decode(stream);
  return recognizer.getResult(stream).text;
}

import { audio as limits } from '../../config.js';
import type * as SpeexResamplerWasm from '@echogarden/speex-resampler-wasm';
import { importEsmPackage } from '../../platform/esm-package.js';

/** The few exports of the Speex resampler's Emscripten module that Lectern calls. */
interface SpeexModule {
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _speex_resampler_init(channels: number, inRate: number, outRate: number, quality: number, errorPointer: number): number;
  _speex_resampler_process_int(state: number, channel: number, input: number, inLength: number, output: number, outLength: number): number;
  _speex_resampler_get_input_latency(state: number): number;
  _speex_resampler_destroy(state: number): void;
  HEAP16: Int16Array;
  HEAPU32: Uint32Array;
  HEAP32: Int32Array;
}

let speex: Promise<SpeexModule> | undefined;

/** The WASM module, instantiated once per process on first use. */
function speexModule(): Promise<SpeexModule> {
  speex ??= importEsmPackage<typeof SpeexResamplerWasm>('@echogarden/speex-resampler-wasm').then(async (loaded) => {
    // The factory is declared as returning unknown (untyped-modules.d.ts): this module types what it calls.
    return (await loaded.default()) as SpeexModule;
  });
  return speex;
}

/** Averages interleaved stereo into mono (mono is returned as is). */
export function downmix(samples: Int16Array, channels: 1 | 2): Int16Array {
  if (channels === 1) return samples;
  const mono = new Int16Array(samples.length / 2);
  for (let i = 0; i < mono.length; i++) mono[i] = (samples[2 * i]! + samples[2 * i + 1]!) >> 1;
  return mono;
}

/**
 * Resamples mono 16-bit PCM with SpeexDSP's resampler (windowed-sinc with a proper low-pass
 * filter, not sample dropping). The input is fed in one call and followed by the filter's
 * latency in zeros, so the tail of the clip comes out too; the output is trimmed to the exact
 * expected length.
 */
export async function resampleMono(samples: Int16Array, fromRate: number, toRate: number = limits.recogniserSampleRate): Promise<Int16Array> {
  if (fromRate === toRate) return samples;
  const module = await speexModule();
  const errorPointer = module._malloc(4);
  const state = module._speex_resampler_init(1, fromRate, toRate, limits.resamplerQuality, errorPointer);
  const initError = module.HEAP32[errorPointer >> 2]!;
  module._free(errorPointer);
  if (state === 0 || initError !== 0) throw new Error(`The resampler could not be set up (${initError})`);
  const latency = module._speex_resampler_get_input_latency(state);
  const inputLength = samples.length + latency;
  const expected = Math.round((samples.length * toRate) / fromRate);
  const outputCapacity = Math.ceil((inputLength * toRate) / fromRate) + 16;
  const input = module._malloc(inputLength * 2);
  const output = module._malloc(outputCapacity * 2);
  const lengths = module._malloc(8);
  try {
    // HEAP views are re-read after every malloc: memory growth replaces them.
    module.HEAP16.set(samples, input >> 1);
    module.HEAP16.fill(0, (input >> 1) + samples.length, (input >> 1) + inputLength);
    module.HEAPU32[lengths >> 2] = inputLength;
    module.HEAPU32[(lengths >> 2) + 1] = outputCapacity;
    const status = module._speex_resampler_process_int(state, 0, input, lengths, output, lengths + 4);
    if (status !== 0) throw new Error(`The resampler failed (${status})`);
    const produced = module.HEAPU32[(lengths >> 2) + 1]!;
    // The first `latency * ratio` output samples are the filter's delay: skip them.
    const delay = Math.round((latency * toRate) / fromRate);
    const usable = Math.min(expected, Math.max(0, produced - delay));
    return module.HEAP16.slice((output >> 1) + delay, (output >> 1) + delay + usable);
  } finally {
    module._free(input);
    module._free(output);
    module._free(lengths);
    module._speex_resampler_destroy(state);
  }
}

/** The loudest absolute sample value, 0..32768. */
export function peakOf(samples: Int16Array): number {
  let peak = 0;
  for (const sample of samples) {
    const magnitude = sample < 0 ? -sample : sample;
    if (magnitude > peak) peak = magnitude;
  }
  return peak;
}

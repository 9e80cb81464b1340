import { audio as limits } from '../../../config.js';
import type * as FvadWasm from '@echogarden/fvad-wasm';
import { importEsmPackage } from '../../../platform/esm-package.js';

/** The exports of the WebRTC VAD (libfvad) Emscripten module that Lectern calls. */
interface FvadModule {
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _fvad_new(): number;
  _fvad_free(instance: number): void;
  _fvad_set_mode(instance: number, mode: number): number;
  _fvad_set_sample_rate(instance: number, rate: number): number;
  _fvad_process(instance: number, frame: number, length: number): number;
  HEAP16: Int16Array;
}

let fvad: Promise<FvadModule> | undefined;

function fvadModule(): Promise<FvadModule> {
  fvad ??= importEsmPackage<typeof FvadWasm>('@echogarden/fvad-wasm').then(async (loaded) => (await loaded.default()) as FvadModule);
  return fvad;
}

/** WebRTC's voice activity detector on 10 ms frames of 16 kHz mono audio. */
export class VoiceActivityDetector {
  private constructor(
    private readonly module: FvadModule,
    private readonly instance: number,
    private readonly frame: number,
    readonly frameSamples: number,
  ) {}

  static async create(sampleRate: number = limits.recogniserSampleRate): Promise<VoiceActivityDetector> {
    const module = await fvadModule();
    const instance = module._fvad_new();
    if (instance === 0) throw new Error('The voice activity detector could not be created');
    if (module._fvad_set_mode(instance, limits.vadMode) !== 0 || module._fvad_set_sample_rate(instance, sampleRate) !== 0) {
      module._fvad_free(instance);
      throw new Error('The voice activity detector rejected its settings');
    }
    const frameSamples = (sampleRate * limits.vadFrameMs) / 1000;
    return new VoiceActivityDetector(module, instance, module._malloc(frameSamples * 2), frameSamples);
  }

  /** Whether one frame of exactly `frameSamples` samples holds speech. */
  isSpeech(frame: Int16Array): boolean {
    this.module.HEAP16.set(frame, this.frame >> 1);
    const result = this.module._fvad_process(this.instance, this.frame, this.frameSamples);
    if (result < 0) throw new Error('The voice activity detector failed on a frame');
    return result === 1;
  }

  close(): void {
    this.module._free(this.frame);
    this.module._fvad_free(this.instance);
  }
}

/** The parts of sherpa-onnx-node's offline recogniser Lectern calls. */
export interface OfflineStream {
  acceptWaveform(input: { samples: Float32Array; sampleRate: number }): void;
}
export interface OfflineRecognizer {
  createStream(): OfflineStream;
  decodeAsync(stream: OfflineStream): Promise<void>;
  getResult(stream: OfflineStream): { text: string };
}
export interface SherpaOnnx {
  OfflineRecognizer: { createAsync(config: unknown): Promise<OfflineRecognizer> };
}

/** Loads sherpa-onnx-node's native addon; throws when it cannot load on this machine. */
export async function loadSherpaOnnx(): Promise<SherpaOnnx> {
  // The package has no type declarations (untyped-modules.d.ts); SherpaOnnx types what is used.
  const loaded = (await import('sherpa-onnx-node')) as unknown as { default?: SherpaOnnx } & SherpaOnnx;
  return loaded.default ?? loaded;
}

/** Null when sherpa-onnx-node's addon loads here; else the first line of why not (at most 200 characters). */
export function sherpaOnnxLoadError(): Promise<string | null> {
  return loadSherpaOnnx().then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200),
  );
}

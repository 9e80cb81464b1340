// The Echogarden WASM packages ship Emscripten factories without type declarations; the
// modules that call them (resample.ts, capture/voice-activity.ts) type what they use.
declare module '@echogarden/speex-resampler-wasm' {
  const factory: () => Promise<unknown>;
  export default factory;
}
declare module '@echogarden/fvad-wasm' {
  const factory: () => Promise<unknown>;
  export default factory;
}

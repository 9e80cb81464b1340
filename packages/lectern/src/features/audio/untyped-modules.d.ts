// Packages without type declarations: the Echogarden WASM factories and sherpa-onnx-node. The
// modules that call them (resample.ts, capture/voice-activity.ts, platform/sensevoice.ts) type what they use.
declare module '@echogarden/speex-resampler-wasm' {
  const factory: () => Promise<unknown>;
  export default factory;
}
declare module '@echogarden/fvad-wasm' {
  const factory: () => Promise<unknown>;
  export default factory;
}
declare module 'sherpa-onnx-node' {
  const addon: unknown;
  export default addon;
}

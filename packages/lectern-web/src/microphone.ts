/** The audio endpoint takes clips of at most 30 s; shorter clips put words on screen sooner. */
export const clipSeconds = 10;
/** Samples gathered per callback of the capture node. */
const captureBufferFrames = 4096;
const recordingSampleRate = 16_000;

/** 16-bit PCM mono WAV of the given samples (-1..1). */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const bytes = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(bytes);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i += 1) {
    const sample = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return new Blob([bytes], { type: 'audio/wav' });
}

export interface RecorderCallbacks {
  /** Peak of the last buffer, 0..1, for the level meter. */
  onLevel: (peak: number) => void;
  /** A finished clip, in order. */
  onClip: (wav: Blob, index: number) => void;
}

/**
 * Records the browser's microphone into WAV clips of `clipSeconds` (the last one shorter).
 * A ScriptProcessorNode rather than an AudioWorklet: the worklet would need a module file of
 * its own, and this runs once per 4096 samples, far from the main thread's limits.
 */
export class MicrophoneRecorder {
  private context: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private chunks: Float32Array[] = [];
  private collected = 0;
  private clipIndex = 0;

  constructor(private readonly callbacks: RecorderCallbacks) {}

  async start(): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false } });
    // The browser resamples to 16 kHz: within the endpoint's 8–48 kHz whatever the device runs at, and small.
    this.context = new AudioContext({ sampleRate: recordingSampleRate });
    const source = this.context.createMediaStreamSource(this.stream);
    const processor = this.context.createScriptProcessor(captureBufferFrames, 1, 1);
    const rate = this.context.sampleRate;
    processor.onaudioprocess = (event) => {
      const input = event.inputBuffer.getChannelData(0);
      let peak = 0;
      for (const sample of input) peak = Math.max(peak, Math.abs(sample));
      this.callbacks.onLevel(peak);
      this.chunks.push(new Float32Array(input));
      this.collected += input.length;
      if (this.collected >= rate * clipSeconds) this.flush();
    };
    source.connect(processor);
    // A processor only runs while connected to the output; it writes silence there.
    processor.connect(this.context.destination);
  }

  async stop(): Promise<void> {
    this.flush();
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    await this.context?.close();
    this.context = null;
    this.stream = null;
    this.callbacks.onLevel(0);
  }

  private flush(): void {
    if (!this.context || this.collected === 0) return;
    const samples = new Float32Array(this.collected);
    let offset = 0;
    for (const chunk of this.chunks) {
      samples.set(chunk, offset);
      offset += chunk.length;
    }
    this.chunks = [];
    this.collected = 0;
    this.callbacks.onClip(encodeWav(samples, this.context.sampleRate), this.clipIndex);
    this.clipIndex += 1;
  }
}

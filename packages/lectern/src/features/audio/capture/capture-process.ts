import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { audio as limits } from '../../../config.js';
import type { SoundSystem } from './devices.js';

/** Options of one capture: the sound system and device, and where the audio and failures go. */
export interface CaptureProcessOptions {
  system: SoundSystem;
  /** A device id from GET /audio/devices; the system's default when empty. */
  deviceId: string;
  environment: NodeJS.ProcessEnv;
  onAudio(samples: Int16Array): void;
  /** The recorder stopped by itself (device gone, server died) or could not start. */
  onFailure(message: string): void;
}

/** How long a new recorder must run without dying before the capture counts as started. */
const START_GRACE_MS = 300;

/**
 * `parec` (PulseAudio) or `arecord` (ALSA) recording 16 kHz mono s16le to standard output: the
 * sound system does the format conversion, Lectern reads raw samples.
 */
export class CaptureProcess {
  #child: ChildProcessByStdio<null, Readable, Readable> | undefined;
  #stopping = false;
  #carry: Buffer = Buffer.alloc(0);

  constructor(private readonly options: CaptureProcessOptions) {}

  /** Starts recording; rejects when the recorder fails at once (no device, no server). */
  start(): Promise<void> {
    const { system, deviceId, environment } = this.options;
    const rate = String(limits.recogniserSampleRate);
    const [command, args] =
      system === 'pulseaudio'
        ? ['parec', ['--format=s16le', `--rate=${rate}`, '--channels=1', '--raw', '--latency-msec=50', ...(deviceId ? [`--device=${deviceId}`] : [])]]
        : ['arecord', ['-q', '-f', 'S16_LE', '-r', rate, '-c', '1', '-t', 'raw', ...(deviceId ? ['-D', deviceId] : [])]];
    const child = spawn(command, args, { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    this.#stopping = false;
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-500)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (!this.#stopping) this.#onData(chunk);
    });
    return new Promise((resolve, reject) => {
      let started = false;
      const timer = setTimeout(() => {
        started = true;
        resolve();
      }, START_GRACE_MS);
      const failed = (reason: string) => {
        if (this.#stopping) return;
        const message = `${command} ${reason}${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`;
        if (!started) {
          clearTimeout(timer);
          started = true;
          reject(new Error(message));
        } else this.options.onFailure(message);
      };
      child.on('error', (error) => failed(`could not be started (${error.message})`));
      child.on('exit', (code, signal) => failed(`stopped (${signal ?? `exit ${code}`})`));
    });
  }

  #onData(chunk: Buffer): void {
    const bytes = this.#carry.length > 0 ? Buffer.concat([this.#carry, chunk]) : chunk;
    const usable = bytes.length - (bytes.length % 2);
    this.#carry = Buffer.from(bytes.subarray(usable));
    if (usable === 0) return;
    // Copy into an aligned buffer: a chunk's offset in its pool may be odd.
    const aligned = Buffer.from(bytes.subarray(0, usable));
    this.options.onAudio(new Int16Array(aligned.buffer, aligned.byteOffset, usable / 2));
  }

  stop(): void {
    this.#stopping = true;
    this.#carry = Buffer.alloc(0);
    const child = this.#child;
    this.#child = undefined;
    if (!child) return;
    // What the recorder had already written is dropped: nothing is captured after a stop.
    child.stdout.removeAllListeners('data');
    child.stdout.destroy();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}

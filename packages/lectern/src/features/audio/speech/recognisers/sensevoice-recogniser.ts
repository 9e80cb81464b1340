import type { ChildProcess } from 'node:child_process';
import { audio as limits } from '../../../../config.js';
import { forkOwnModule } from '../../../../platform/own-module-process.js';
import { RecognitionFailed } from '../errors.js';
import type { ClipContext, Recogniser } from './recogniser.js';
import { SerialQueue } from './serial-queue.js';

export const senseVoiceId = 'sensevoice-small';

type Outgoing = { type: 'ready' } | { type: 'result'; id: number; text: string } | { type: 'error'; id: number; message: string };

const damagedHint = 'SenseVoice could not run its model (damaged or incomplete files?); reinstall it with POST /api/v2/models/sensevoice-small/install';

/** The engine process: its bundled module next to Lectern's bundle, or the TypeScript source through tsx. */
const forkEngine = (): ChildProcess => forkOwnModule(import.meta.url, { source: './sensevoice-process.ts', bundled: './sensevoice-engine.mjs' });

/**
 * SenseVoice Small (int8) through sherpa-onnx-node, from the model manager's install folder, in
 * a child process of its own: sherpa-onnx exits the process it runs in on a damaged model, and
 * decoding stays off Lectern's event loop. Loaded once on first use and reused, one clip at a
 * time; a crashed engine is replaced by the next clip. Language: `asr.language` when SenseVoice
 * knows it (zh, en, ja, ko, yue), else auto.
 */
export class SenseVoiceRecogniser implements Recogniser {
  readonly id = senseVoiceId;
  readonly #queue = new SerialQueue(limits.recognitionQueueMax, 'The speech recogniser is busy with other clips; retry shortly');
  #engine: Promise<ChildProcess> | undefined;
  #counter = 0;
  #waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();

  constructor(
    private readonly modelDir: string,
    private readonly language: () => string,
  ) {}

  #start(): Promise<ChildProcess> {
    const child = forkEngine();
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-1000)));
    const engine = new Promise<ChildProcess>((resolve, reject) => {
      child.on('message', (message: Outgoing) => {
        if (message.type === 'ready') return resolve(child);
        const waiting = this.#waiting.get(message.id);
        this.#waiting.delete(message.id);
        if (message.type === 'result') waiting?.resolve(message.text);
        else waiting?.reject(new RecognitionFailed(`SenseVoice failed on a clip: ${message.message.slice(0, 200)}`));
      });
      child.on('exit', () => {
        this.#engine = undefined;
        const failure = new RecognitionFailed(`${damagedHint}${stderr.trim() ? ` (${stderr.trim().split('\n').at(-1)!.slice(0, 200)})` : ''}`);
        reject(failure);
        for (const waiting of this.#waiting.values()) waiting.reject(failure);
        this.#waiting.clear();
      });
    });
    child.send({ type: 'load', modelDir: this.modelDir, language: senseVoiceLanguage(this.language()) });
    return engine;
  }

  recognise(samples: Int16Array, _context: ClipContext): Promise<string> {
    return this.#queue.run(async () => {
      this.#engine ??= this.#start();
      const engine = await this.#engine;
      const id = ++this.#counter;
      return new Promise<string>((resolve, reject) => {
        this.#waiting.set(id, { resolve, reject });
        engine.send({ type: 'decode', id, samples });
      });
    });
  }

  close(): void {
    const engine = this.#engine;
    this.#engine = undefined;
    void engine?.then((child) => child.kill(), () => undefined);
  }
}

const senseVoiceLanguages = new Set(['zh', 'en', 'ja', 'ko', 'yue']);

function senseVoiceLanguage(setting: string): string {
  const base = setting.toLowerCase().split(/[-_]/)[0] ?? '';
  return senseVoiceLanguages.has(base) ? base : 'auto';
}

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { audio as limits } from '../../../../config.js';
import { endProcessGroup } from '../../../../platform/process-group.js';
import { StderrTail } from '../../../../platform/stderr-tail.js';

/** What one decoder process is started with. */
export interface PocketsphinxSetup {
  /** `pocketsphinx_batch`, found on the search path. */
  executable: string;
  /** The acoustic model folder (`-hmm`). */
  acousticModelDir: string;
  languageModelPath: string;
  dictionaryPath: string;
  /** Where clips are written for the decoder to read; private to this engine. */
  workDir: string;
  /** Whether the LM is a course vocabulary (tuned weights) or the generic model (stock weights). */
  courseVocabulary: boolean;
  /** A narrower search (fastSearchArguments), for the generic model while a class's vocabulary is being built. */
  fastSearch?: boolean;
  /** Further decoder options (benchmarks compare settings with these). */
  extraArguments?: readonly string[];
}

/**
 * Decoder settings measured on synthetic and real speech (shared/design/dependencies.md,
 * docs/benchmarks.md): the language weight, matched across the three search passes, is above the
 * stock 6.5 so the decoder keeps to the course's phrases, and below the 12 that suited a course
 * model of the slides' words alone: with general English in the model, 12 made ordinary words lose
 * to jargon. Noise removal only hurts clean close-talk audio.
 */
const courseDecoderArguments = ['-lw', '9', '-fwdflatlw', '9', '-bestpathlw', '9', '-remove_noise', 'no'];
/**
 * The generic model (72,000 words) decodes a 10 s clip in ~3 s with its stock search, twice the
 * 1.5 s a clip may take; these settings took it to an RTF of 0.10–0.13 at about the same WER
 * (docs/benchmarks.md, "The generic model's speed"). Not measured widely enough to replace the
 * stock search for classes without a material, they serve the first clips of a class whose
 * vocabulary is being built: those are few, and answering them late is what users saw.
 */
const fastSearchArguments = ['-topn', '2', '-maxhmmpf', '3000', '-fwdflat', 'no'];
/**
 * Synthetic and digitally silent audio has runs of exact zeros, whose log energy wrecks the
 * features; a least-significant-bit dither (the decoder's own option) keeps them finite.
 */
const commonDecoderArguments = ['-dither', 'yes'];

/** What the decoder heard in one clip. */
export interface DecodedClip {
  /** The words, as the transcript shows them. */
  text: string;
  /**
   * The same words as the dictionary spells the pronunciation the decoder chose ("of(2)" for a
   * word's second pronunciation): speaker adaptation aligns the speech with these.
   */
  pronounced: string[];
}

interface Waiting {
  utteranceId: string;
  resolve(clip: DecodedClip): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class EngineFailure extends Error {}

/**
 * One `pocketsphinx_batch` process, kept running and reused for every clip of a vocabulary: its
 * control file is its standard input, so each line written (an utterance id) makes it decode
 * `<workDir>/<id>.raw` (16 kHz mono s16) and print its word segmentation (`-hypseg`: the words
 * with the pronunciation chosen for each) on standard output, which it flushes per utterance.
 * Loading happens once; clips go one at a time.
 */
export class PocketsphinxEngine {
  #process: ChildProcessByStdio<Writable, Readable, Readable> | undefined;
  #waiting: Waiting | undefined;
  #counter = 0;
  readonly #stderr = new StderrTail();
  #exited = false;
  /** Why the decoder stopped, for a clip that arrives after it did. */
  #failure: string | undefined;

  constructor(readonly setup: PocketsphinxSetup) {}

  /** False once the decoder exited, crashed or was closed: the engine is then replaced. */
  get usable(): boolean {
    return !this.#exited;
  }

  #start(): ChildProcessByStdio<Writable, Readable, Readable> {
    const { setup } = this;
    // Node hands a child sockets, not pipes, and pocketsphinx opens its control and output files
    // by name (/dev/stdin, /dev/stdout), which fails on a socket: `cat` on either side puts a
    // real pipe in between, and cat passes every line on at once. The process group is killed as
    // one, and by the decoder's own shell when the decoder ends: the `cat` feeding it would
    // otherwise keep waiting on standard input, and a decoder that died at start-up would only
    // be noticed by the clip's timeout.
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        'cat | { "$0" "$@"; kill 0; } | cat',
        setup.executable,
        '-hmm', setup.acousticModelDir,
        '-lm', setup.languageModelPath,
        '-dict', setup.dictionaryPath,
        '-ctl', '/dev/stdin',
        '-adcin', 'yes',
        '-cepdir', setup.workDir,
        '-cepext', '.raw',
        '-samprate', String(limits.recogniserSampleRate),
        '-hypseg', '/dev/stdout',
        ...commonDecoderArguments,
        ...(setup.courseVocabulary ? courseDecoderArguments : []),
        ...(setup.fastSearch ? fastSearchArguments : []),
        ...(setup.extraArguments ?? []),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    );
    child.stdin.on('error', () => undefined);
    child.stderr.setEncoding('utf8');
    // Kept for the error message of a crash.
    child.stderr.on('data', (chunk: string) => this.#stderr.append(chunk));
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => this.#onHypothesis(line));
    const fail = (reason: string) => {
      this.#exited = true;
      this.#failure ??= reason;
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (waiting) {
        clearTimeout(waiting.timer);
        waiting.reject(new EngineFailure(reason));
      }
    };
    child.on('error', (error) => fail(`pocketsphinx could not be started: ${error.message}`));
    // 'close' comes once the group is gone and its stderr read to the end.
    child.on('close', () => fail(`pocketsphinx exited: ${this.#stderr.lastErrorLine() ?? this.#stderr.lastLine() ?? 'no output'}`));
    return child;
  }

  #onHypothesis(line: string): void {
    const segmentation = parseSegmentation(line);
    const waiting = this.#waiting;
    if (!segmentation || !waiting || segmentation.utteranceId !== waiting.utteranceId) return;
    this.#waiting = undefined;
    clearTimeout(waiting.timer);
    waiting.resolve(segmentation.clip);
  }

  /** Starts the decoder ahead of its first clip: it loads its model (~0.5 s for the generic one, more on a busy machine) meanwhile. */
  start(): void {
    if (!this.#exited) this.#process ??= this.#start();
  }

  /** Decodes one clip (16 kHz mono). The caller serialises calls: one clip at a time. */
  async recognise(samples: Int16Array): Promise<DecodedClip> {
    if (this.#waiting) throw new Error('PocketsphinxEngine.recognise called while a clip is being decoded');
    if (this.#exited) throw new EngineFailure('pocketsphinx is no longer running');
    this.#process ??= this.#start();
    const utteranceId = `u${++this.#counter}`;
    const rawPath = join(this.setup.workDir, `${utteranceId}.raw`);
    await writeFile(rawPath, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    try {
      // A decoder that failed to start may have exited while the clip was being written: with
      // nothing waiting then, only the timeout would end this clip.
      if (this.#exited) throw new EngineFailure(this.#failure ?? 'pocketsphinx is no longer running');
      return await new Promise<DecodedClip>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.#waiting = undefined;
          reject(new EngineFailure('pocketsphinx took too long on a clip'));
          this.close();
        }, limits.recognitionTimeoutMs);
        this.#waiting = { utteranceId, resolve, reject, timer };
        this.#process!.stdin.write(`${utteranceId}\n`);
      });
    } finally {
      await rm(rawPath, { force: true });
    }
  }

  close(): void {
    this.#exited = true;
    const child = this.#process;
    if (child) {
      child.stdin.end();
      // The shell, both `cat`s and pocketsphinx.
      endProcessGroup(child);
    }
  }
}

/** Sentence marks, silence and noise ("<s>", "<sil>", "[NOISE]", "++BREATH++"): not words of the transcript. */
const FILLER = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/**
 * One `-hypseg` line: `id S scale T score A acoustic L language`, then `frame acoustic language
 * word` per segment, then the end frame. Null for a line of another shape.
 */
export function parseSegmentation(line: string): { utteranceId: string; clip: DecodedClip } | null {
  const fields = line.trim().split(/\s+/);
  if (fields.length < 10 || fields[1] !== 'S' || fields[3] !== 'T' || fields[5] !== 'A' || fields[7] !== 'L' || (fields.length - 10) % 4 !== 0) return null;
  const pronounced: string[] = [];
  for (let at = 12; at < fields.length - 1; at += 4) {
    const word = fields[at]!;
    if (!FILLER.test(word)) pronounced.push(word);
  }
  const text = pronounced.map((word) => word.replace(/\(\d+\)$/, '')).join(' ');
  return { utteranceId: fields[0]!, clip: { text, pronounced } };
}

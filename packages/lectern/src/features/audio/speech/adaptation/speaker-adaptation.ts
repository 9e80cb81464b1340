import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { audio as limits } from '../../../../config.js';
import { prepareAdaptationModel } from './adaptation-model.js';
import { CourseSpeakers } from './course-speakers.js';
import { dictionaryText, pronunciationsOf } from '../pronunciation/pronunciations.js';
import { estimateSpeakerModel, type AdaptationTools, type AdaptationUtterance } from './speaker-model.js';

export interface SpeakerAdaptationOptions {
  tools: AdaptationTools;
  /** The Debian acoustic model folder (`…/en-us/en-us`). */
  stockModelDir: string;
  /** The model folder the decoder loads (live CMN); adapted models reuse its feat.params. */
  decoderModelDir: () => Promise<string>;
  /** Where the adaptation model, the classes' heard speech and their estimates live (the latter two removed on close). */
  workDir: string;
  onBackgroundError?: (error: unknown) => void;
}

interface HeardUtterance extends AdaptationUtterance {
  seconds: number;
  /** The dictionary the clip was decoded with: it has every word of the hypothesis. */
  dictionaryPath: string;
}

interface SessionSpeaker {
  /** The class's folder: its heard speech and its estimates. */
  folder: string;
  /**
   * The newest recognised speech, at most `speechMaxSeconds` of it, as files: kept in memory,
   * a class's three minutes of clips (~6 MB, freed one by one as they age) fragmented the heap
   * and the server's RSS kept growing through a two-hour class (docs/benchmarks.md).
   */
  heard: HeardUtterance[];
  clipCounter: number;
  /** The writes and removals of its speech files, in order; an estimate starts after them. */
  filing: Promise<void>;
  /** Speech files that could not be written (a full disk): left out of estimates. */
  unwritten: Set<string>;
  heardSeconds: number;
  secondsSinceEstimate: number;
  /** The model its course's last class left, looked up once when the class is first heard. */
  inheritedModelDir: string | null;
  /** Estimate folders, newest first (the model is `model/` in each); only two are kept (a decoder may still be starting from the older). */
  estimates: string[];
  estimating: Promise<void> | null;
}

const seconds = (samples: Int16Array) => samples.length / limits.recogniserSampleRate;
/** Classes remembered at once: one at a time is the norm; a few is plenty. */
const SESSIONS_MAX = 8;

/**
 * Speaker adaptation per class: a class has one main voice for an hour, so once the decoder has
 * heard `firstAfterSeconds` of it, an acoustic model adapted to that voice is estimated from the
 * speech and the decoder's own hypotheses (unsupervised MLLR; speaker-model.ts) and
 * later clips of the class decode with it; it is re-estimated every `everySeconds` of new speech
 * from the newest `speechMaxSeconds`. Estimates run in the background, one at a time per class;
 * until the first is done, and whenever one fails, the class decodes with the model as it was.
 */
export class SpeakerAdaptation {
  readonly #sessions = new Map<string, SessionSpeaker>();
  readonly #courses: CourseSpeakers;
  #model: Promise<string> | undefined;
  #estimateCounter = 0;
  #sessionCounter = 0;
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;
  #staleRemoved: Promise<void> | undefined;
  /** The classes' folders (heard speech and estimates), removed on close. */
  readonly #classesDir: string;

  constructor(private readonly options: SpeakerAdaptationOptions) {
    this.#courses = new CourseSpeakers(join(options.workDir, 'speakers'));
    this.#classesDir = join(options.workDir, 'classes');
  }

  /**
   * The adapted model folder the class's next clip should decode with: its own newest estimate,
   * else the one its course's last class left (the same teacher, most likely), else null.
   */
  modelFor(sessionId: string, courseName: string): string | null {
    const session = this.#sessionOf(sessionId, courseName);
    const newest = session.estimates[0];
    return newest === undefined ? session.inheritedModelDir : join(newest, 'model');
  }

  #sessionOf(sessionId: string, courseName: string): SessionSpeaker {
    let session = this.#sessions.get(sessionId);
    if (!session) {
      if (this.#sessions.size >= SESSIONS_MAX) {
        const oldest = this.#sessions.keys().next().value!;
        this.#forget(this.#sessions.get(oldest)!);
        this.#sessions.delete(oldest);
      }
      // What a previous run left (it stopped before its cleanup) is removed once, first.
      this.#staleRemoved ??= rm(this.#classesDir, { recursive: true, force: true });
      const folder = join(this.#classesDir, `${process.pid}-${++this.#sessionCounter}`);
      const filing = this.#staleRemoved.then(() => mkdir(join(folder, 'heard'), { recursive: true })).then(() => undefined);
      session = { folder, heard: [], clipCounter: 0, filing, unwritten: new Set(), heardSeconds: 0, secondsSinceEstimate: 0, inheritedModelDir: this.#courses.modelOf(courseName), estimates: [], estimating: null };
      this.#sessions.set(sessionId, session);
    }
    return session;
  }

  /**
   * Records a recognised clip of the class (its words as the decoder pronounced them: "of(2)");
   * starts an estimate when enough new speech was heard.
   */
  observe(sessionId: string, courseName: string, samples: Int16Array, pronounced: readonly string[], dictionaryPath: string): void {
    if (pronounced.length === 0) return;
    const session = this.#sessionOf(sessionId, courseName);
    const duration = seconds(samples);
    const speechPath = join(session.folder, 'heard', `${++session.clipCounter}.raw`);
    // Copied now (Buffer.from of a typed array copies): the caller's buffer may be reused before the write runs.
    const pcm = Buffer.from(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
    this.#file(session, () => writeFile(speechPath, pcm).catch(() => void session.unwritten.add(speechPath)));
    session.heard.push({ speechPath, seconds: duration, words: [...pronounced], dictionaryPath });
    session.heardSeconds += duration;
    session.secondsSinceEstimate += duration;
    while (session.heardSeconds - session.heard[0]!.seconds >= limits.adaptation.speechMaxSeconds) {
      const old = session.heard.shift()!;
      session.heardSeconds -= old.seconds;
      // A running estimate holds links of its own to the files it reads.
      this.#file(session, () => rm(old.speechPath, { force: true }).then(() => void session.unwritten.delete(old.speechPath)));
    }
    const due = session.estimates.length === 0 ? session.heardSeconds >= limits.adaptation.firstAfterSeconds : session.secondsSinceEstimate >= limits.adaptation.everySeconds;
    if (due && session.estimating === null && !this.#closing.signal.aborted) {
      session.secondsSinceEstimate = 0;
      const sessionState = session;
      session.estimating = this.#estimate(sessionState, sessionState.heard.slice())
        .then(async ({ estimateDir, modelDir }) => {
          sessionState.estimates.unshift(estimateDir);
          // An hour of class would otherwise leave sixty of them.
          for (const old of sessionState.estimates.splice(2)) await rm(old, { recursive: true, force: true });
          await this.#courses.remember(courseName, modelDir);
        })
        .catch((error: unknown) => {
          if (!this.#closing.signal.aborted) this.options.onBackgroundError?.(error);
        })
        .finally(() => (sessionState.estimating = null));
    }
  }

  /** Resolves once no estimate is running for the class, and after `close` once it is cleaned up (tests and benchmarks). */
  async settled(sessionId: string): Promise<void> {
    await this.#sessions.get(sessionId)?.estimating;
    await this.#closed;
  }

  /** Queues a write or removal of a class's speech files after the ones before it. */
  #file(session: SessionSpeaker, step: () => Promise<unknown>): void {
    session.filing = session.filing.then(step).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Removes a class's folder once its estimate (if any) has ended; a decoder already started from one of its models has loaded it. */
  #forget(session: SessionSpeaker): void {
    void Promise.allSettled([session.estimating, session.filing]).then(() => rm(session.folder, { recursive: true, force: true }));
  }

  async #estimate(session: SessionSpeaker, heard: readonly HeardUtterance[]): Promise<{ estimateDir: string; modelDir: string }> {
    this.#model ??= prepareAdaptationModel(this.options.stockModelDir, join(this.options.workDir, 'model-en-us'), this.options.tools.mdefConverter);
    const trainingModelDir = await this.#model.catch((error: unknown) => {
      this.#model = undefined;
      throw error;
    });
    await session.filing;
    const estimateDir = join(session.folder, `estimate-${++this.#estimateCounter}`);
    const workDir = join(estimateDir, 'work');
    await mkdir(workDir, { recursive: true });
    const dictionaryPath = join(workDir, 'words.dict');
    const alignment = await alignmentOf(heard.filter((utterance) => !session.unwritten.has(utterance.speechPath)));
    await writeFile(dictionaryPath, alignment.dictionary);
    try {
      const modelDir = join(estimateDir, 'model');
      await estimateSpeakerModel({
        tools: this.options.tools,
        trainingModelDir,
        decoderModelDir: await this.options.decoderModelDir(),
        dictionaryPath,
        utterances: alignment.utterances,
        workDir,
        modelDir,
        signal: this.#closing.signal,
      });
      return { estimateDir, modelDir };
    } catch (error) {
      await rm(estimateDir, { recursive: true, force: true });
      throw error;
    } finally {
      // The clips, features and statistics are large; only the adapted model is kept.
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** Stops a running estimate, then removes the classes' speech and estimates. */
  close(): Promise<void> {
    this.#closing.abort(new Error('the recogniser is closing'));
    const sessions = [...this.#sessions.values()];
    this.#closed ??= Promise.allSettled(sessions.flatMap((session) => [session.estimating, session.filing])).then(async () => {
      this.#sessions.clear();
      await rm(this.#classesDir, { recursive: true, force: true });
    });
    return this.#closed;
  }
}

const VARIANT = /\((\d+)\)$/;

/**
 * The utterances with the dictionary to align them with: the pronunciations of their words, from
 * every dictionary they were decoded with (a vocabulary may have been rebuilt between clips, so
 * there can be two or three). Every variant of a word is kept, numbered as in its dictionary,
 * so "of(2)" in a transcript is the pronunciation the decoder chose; a variant the merged
 * dictionary lacks (the clip came from another build) falls back to the word's first one.
 */
async function alignmentOf(heard: readonly HeardUtterance[]): Promise<{ dictionary: string; utterances: HeardUtterance[] }> {
  const baseOf = (word: string) => word.replace(VARIANT, '');
  const needed = new Set(heard.flatMap((utterance) => utterance.words.map(baseOf)));
  const merged = new Map<string, string[]>();
  for (const path of new Set(heard.map((utterance) => utterance.dictionaryPath))) {
    for (const [word, variants] of await pronunciationsOf(path, needed)) {
      // A vocabulary's accent dictionary numbers its variants after the plain one's: the longer list holds both.
      if (variants.length > (merged.get(word)?.length ?? 0)) merged.set(word, variants);
    }
  }
  const known = (word: string) => Number(VARIANT.exec(word)?.[1] ?? 1) <= (merged.get(baseOf(word))?.length ?? 0);
  const utterances = heard.map((utterance) => ({ ...utterance, words: utterance.words.map((word) => (known(word) ? word : baseOf(word))) }));
  return { dictionary: dictionaryText(merged), utterances };
}

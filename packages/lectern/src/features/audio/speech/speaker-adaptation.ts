import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { audio as limits } from '../../../config.js';
import { prepareAdaptationModel } from './adaptation-model.js';
import { CourseSpeakers } from './course-speakers.js';
import { dictionaryText, pronunciationsOf } from './pronunciations.js';
import { estimateSpeakerModel, type AdaptationTools, type AdaptationUtterance } from './speaker-model.js';

export interface SpeakerAdaptationOptions {
  tools: AdaptationTools;
  /** The Debian acoustic model folder (`…/en-us/en-us`). */
  stockModelDir: string;
  /** The model folder the decoder loads (live CMN); adapted models reuse its feat.params. */
  decoderModelDir: () => Promise<string>;
  /** Where the adaptation model and the estimates live (removed on close). */
  workDir: string;
  onBackgroundError?: (error: unknown) => void;
}

interface HeardUtterance extends AdaptationUtterance {
  /** The dictionary the clip was decoded with: it has every word of the hypothesis. */
  dictionaryPath: string;
}

interface SessionSpeaker {
  /** The newest recognised speech, at most `speechMaxSeconds` of it. */
  heard: HeardUtterance[];
  heardSeconds: number;
  secondsSinceEstimate: number;
  /** The model its course's last class left, looked up once when the class is first heard. */
  inheritedModelDir: string | null;
  /** Estimate folders, newest first (the model is `model/` in each); only two are kept (a decoder may still be starting from the older). */
  estimates: string[];
  estimating: Promise<void> | null;
}

const seconds = (samples: Int16Array) => samples.length / limits.recogniserSampleRate;

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
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;
  #staleRemoved: Promise<void> | undefined;

  constructor(private readonly options: SpeakerAdaptationOptions) {
    this.#courses = new CourseSpeakers(join(options.workDir, 'speakers'));
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
      // One class at a time is the norm; a few remembered is plenty.
      if (this.#sessions.size >= 8) this.#sessions.delete(this.#sessions.keys().next().value!);
      session = { heard: [], heardSeconds: 0, secondsSinceEstimate: 0, inheritedModelDir: this.#courses.modelOf(courseName), estimates: [], estimating: null };
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
    const words = [...pronounced];
    const session = this.#sessionOf(sessionId, courseName);
    const duration = seconds(samples);
    session.heard.push({ samples: samples.slice(), words, dictionaryPath });
    session.heardSeconds += duration;
    session.secondsSinceEstimate += duration;
    while (session.heardSeconds - seconds(session.heard[0]!.samples) >= limits.adaptation.speechMaxSeconds) {
      session.heardSeconds -= seconds(session.heard.shift()!.samples);
    }
    const due = session.estimates.length === 0 ? session.heardSeconds >= limits.adaptation.firstAfterSeconds : session.secondsSinceEstimate >= limits.adaptation.everySeconds;
    if (due && session.estimating === null && !this.#closing.signal.aborted) {
      session.secondsSinceEstimate = 0;
      const sessionState = session;
      session.estimating = this.#estimate(sessionState.heard.slice())
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

  async #estimate(heard: readonly HeardUtterance[]): Promise<{ estimateDir: string; modelDir: string }> {
    this.#model ??= prepareAdaptationModel(this.options.stockModelDir, join(this.options.workDir, 'model-en-us'), this.options.tools.mdefConverter);
    const trainingModelDir = await this.#model.catch((error: unknown) => {
      this.#model = undefined;
      throw error;
    });
    // Estimates a previous run left (it stopped before its cleanup) are removed once, first.
    this.#staleRemoved ??= rm(join(this.options.workDir, 'estimates'), { recursive: true, force: true });
    await this.#staleRemoved;
    const estimateDir = join(this.options.workDir, 'estimates', `${process.pid}-${++this.#estimateCounter}`);
    const workDir = join(estimateDir, 'work');
    await mkdir(workDir, { recursive: true });
    const dictionaryPath = join(workDir, 'words.dict');
    const alignment = await alignmentOf(heard);
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

  /** Stops a running estimate, then removes the estimates. */
  close(): Promise<void> {
    this.#closing.abort(new Error('the recogniser is closing'));
    this.#closed ??= Promise.allSettled([...this.#sessions.values()].map((session) => session.estimating)).then(async () => {
      this.#sessions.clear();
      await rm(join(this.options.workDir, 'estimates'), { recursive: true, force: true });
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

import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { audio as limits, systemRecogniser } from '../../../../config.js';
import { prepareAcousticModel } from './acoustic-model.js';
import { VocabularyBuilder, type CourseVocabulary } from '../vocabulary/course-vocabulary.js';
import { EngineFailure, PocketsphinxEngine, type DecodedClip } from './pocketsphinx-engine.js';
import type { ClipContext, Recogniser } from './recogniser.js';
import { SerialQueue } from './serial-queue.js';
import { RecogniserBusy } from '../errors.js';
import { SpeakerAdaptation } from '../adaptation/speaker-adaptation.js';
import type { AdaptationTools } from '../adaptation/speaker-model.js';

export interface PocketsphinxOptions {
  /** Lectern's data dir: vocabularies, the edited acoustic model and clip files live under speech/. */
  dataDir: string;
  /** The folder of the Debian model (`en-us/`, `cmudict-en-us.dict`, `en-us.lm.bin`). */
  modelDir: string;
  /** `pocketsphinx_batch`. */
  executable: string;
  /** SphinxTrain's tools: with them each class's speaker is adapted to; without, the stock model serves. */
  adaptationTools: AdaptationTools | null;
  /** `sphinx_lm_convert`: with it each course model is kept in binary form (course-vocabulary.ts); null: ARPA text. */
  languageModelConverter: string | null;
  /** espeak-ng, which spells course words the dictionary lacks; null: none (those words are left out); absent: `espeak-ng` on PATH. */
  espeakExecutable?: string | null;
  /** Called when a vocabulary build or a speaker estimate fails (logged; the class goes on with the last one). */
  onBackgroundError?: (error: unknown) => void;
}

interface SessionVocabulary {
  /**
   * What the class's clips decode with: its own vocabulary once built, until then its course's
   * latest one as a stand-in; null: the generic model; undefined: not chosen yet.
   */
  current: CourseVocabulary | null | undefined;
  /** The class ended: no build or decoder is started for it any more (its last clips still decode). */
  ended: boolean;
  /** What the class's own vocabulary was last built from; null before its first build ends. */
  builtFor: { materialId: string | null; entryCount: number } | null;
  /**
   * The build under way, if any: `done` once its vocabulary is the class's, and whether it only
   * reads one built before (then a clip waits for it: it takes ms).
   */
  building: { done: Promise<void>; fromDisk: Promise<boolean> } | null;
}

const GENERIC = 'generic';
const GENERIC_FAST = 'generic-fast';

/**
 * Debian's pocketsphinx with a course vocabulary per class, built in the background (a process
 * of its own: course-vocabulary.ts) when the class starts or its material changes, and every few
 * new entries. No clip waits for a build: until the class's own vocabulary is ready, its clips
 * decode with the previous one (the course's latest, from an earlier class), else with the
 * generic model and a narrower search (pocketsphinx-engine.ts); the first clip after the build
 * uses the new one. Once the class has spoken for a while, a model adapted to its speaker
 * (speaker-adaptation.ts) joins in the same way. Each vocabulary and model in use has its own
 * decoder process (at most `enginesWarmMax`, least recently used closed first).
 */
export class PocketsphinxRecogniser implements Recogniser {
  readonly id = systemRecogniser.id;
  readonly #queue = new SerialQueue(limits.recognitionQueueMax, 'The speech recogniser is busy with other clips; retry shortly');
  readonly #vocabularies: VocabularyBuilder;
  readonly #sessions = new Map<string, SessionVocabulary>();
  readonly #engines = new Map<string, PocketsphinxEngine>();
  readonly #speechDir: string;
  readonly #adaptation: SpeakerAdaptation | null;
  #acousticModel: Promise<string> | undefined;
  #closed = false;
  #workCounter = 0;

  constructor(private readonly options: PocketsphinxOptions) {
    this.#speechDir = join(options.dataDir, 'speech');
    this.#vocabularies = new VocabularyBuilder(join(this.#speechDir, 'vocabularies'), {
      dictionaryPath: join(options.modelDir, 'cmudict-en-us.dict'),
      espeakExecutable: options.espeakExecutable,
      generalModelPath: join(options.modelDir, 'en-us.lm.bin'),
      onGeneralEnglishError: options.onBackgroundError,
      languageModelConverter: options.languageModelConverter,
      onConversionError: options.onBackgroundError,
    });
    this.#adaptation = options.adaptationTools
      ? new SpeakerAdaptation({
          tools: options.adaptationTools,
          stockModelDir: join(options.modelDir, 'en-us'),
          decoderModelDir: () => this.#decoderModel(),
          workDir: join(this.#speechDir, 'adaptation'),
          onBackgroundError: options.onBackgroundError,
        })
      : null;
  }

  /** Resolves once no speaker estimate is running for the class (tests and benchmarks). */
  async adaptationSettled(sessionId: string): Promise<void> {
    await this.#adaptation?.settled(sessionId);
  }

  recognise(samples: Int16Array, context: ClipContext): Promise<string> {
    return this.#queue.run(async () => {
      const { key, engine } = await this.#engineForClip(context);
      let clip: DecodedClip;
      try {
        clip = await engine.recognise(samples);
      } catch (error) {
        // A crashed or stuck decoder is dropped; the next clip starts a fresh one.
        if (error instanceof EngineFailure) this.#closeEngine(key);
        throw error;
      }
      this.#adaptation?.observe(context.sessionId, context.courseName, samples, clip.pronounced, engine.setup.dictionaryPath);
      return clip.text;
    });
  }

  /**
   * Starts the class's vocabulary build ahead of its first clip (a build takes ~1.5–2 s, the
   * first one of an install ~4 s), and the decoder that clip will use meanwhile.
   */
  prepare(context: ClipContext): void {
    this.#classVocabulary(context);
    this.#warm(context);
  }

  /** The class ended: a build under way for it still finishes (its course's next class uses it), but nothing more starts. */
  release(sessionId: string): void {
    const known = this.#sessions.get(sessionId);
    if (known) known.ended = true;
  }

  /**
   * Starts the decoder the class's next clip will use, so that clip does not wait for it to
   * load. In the queue like a clip: it may close the least recently used decoder.
   */
  #warm(context: ClipContext): void {
    // A build that ends after close() starts no decoder: nothing would close it.
    if (this.#closed) return;
    this.#queue
      .run(async () => {
        const { engine } = await this.#engineForClip(context);
        if (!this.#closed) engine.start();
      })
      // With clips queued, they start the decoder themselves.
      .catch((error: unknown) => (error instanceof RecogniserBusy ? undefined : this.options.onBackgroundError?.(error)));
  }

  /** The decoder for a clip of this class now: its vocabulary (see the class comment) and its speaker's model. */
  async #engineForClip(context: ClipContext): Promise<{ key: string; engine: PocketsphinxEngine }> {
    const vocabulary = await this.#vocabularyFor(context);
    // The generic model standing in until the class's first vocabulary is built searches narrower: it is slow.
    const fastSearch = vocabulary === null && this.#sessions.get(context.sessionId)?.builtFor === null;
    const speakerModel = this.#adaptation?.modelFor(context.sessionId, context.courseName) ?? null;
    const key = `${vocabulary?.id ?? (fastSearch ? GENERIC_FAST : GENERIC)}${speakerModel ? ` ${speakerModel}` : ''}`;
    return { key, engine: await this.#engineFor(key, vocabulary, speakerModel, fastSearch) };
  }

  /** The class's vocabulary state, with a build started when it has none or it is stale. */
  #classVocabulary(context: ClipContext): SessionVocabulary {
    let known = this.#sessions.get(context.sessionId);
    if (!known) {
      // One class at a time is the norm; a few remembered is plenty.
      if (this.#sessions.size >= 8) this.#sessions.delete(this.#sessions.keys().next().value!);
      known = { current: undefined, builtFor: null, building: null, ended: false };
      this.#sessions.set(context.sessionId, known);
    }
    const stale = known.builtFor === null || known.builtFor.materialId !== context.materialId || context.entryCount - known.builtFor.entryCount >= limits.vocabularyRebuildEveryEntries;
    if (stale && !known.building && !known.ended) {
      const state = known;
      const builtFor = { materialId: context.materialId, entryCount: context.entryCount };
      const build = this.#vocabularies.start(context.vocabularySources());
      const done = build.vocabulary
        .then(
          (next) => {
            state.current = next;
            // A class that ended while its vocabulary was built has no next clip to warm up for.
            if (!state.ended) this.#warm(context);
          },
          // The class goes on with what it has; the next change (material, entries) tries again.
          (error: unknown) => this.options.onBackgroundError?.(error),
        )
        .finally(() => {
          state.builtFor = builtFor;
          state.building = null;
        });
      state.building = { done, fromDisk: build.fromDisk };
    }
    return known;
  }

  /** What this clip decodes with (see the class comment); null: the generic model. */
  async #vocabularyFor(context: ClipContext): Promise<CourseVocabulary | null> {
    const known = this.#classVocabulary(context);
    if (known.current !== undefined) return known.current;
    // A vocabulary built before is read from disk in a few ms: worth the wait, unlike a build.
    const building = known.building;
    if (building && (await building.fromDisk)) await building.done;
    if (known.current !== undefined) return known.current;
    const standIn = await this.#vocabularies.latestForCourse(context.courseName);
    // The class's own may have been built during the look-up: it wins.
    if (known.current === undefined) known.current = standIn;
    return known.current;
  }

  /** The Debian model with live CMN (acoustic-model.ts), prepared once. */
  #decoderModel(): Promise<string> {
    this.#acousticModel ??= prepareAcousticModel(join(this.options.modelDir, 'en-us'), join(this.#speechDir, 'acoustic-model-en-us'));
    return this.#acousticModel;
  }

  async #engineFor(key: string, vocabulary: CourseVocabulary | null, speakerModelDir: string | null, fastSearch: boolean): Promise<PocketsphinxEngine> {
    const existing = this.#engines.get(key);
    if (existing && !existing.usable) this.#closeEngine(key);
    if (existing?.usable) {
      this.#engines.delete(key);
      this.#engines.set(key, existing);
      return existing;
    }
    const acousticModelDir = speakerModelDir ?? (await this.#decoderModel());
    const workDir = join(this.#speechDir, 'clips', `${process.pid}-${++this.#workCounter}`);
    mkdirSync(workDir, { recursive: true });
    const engine = new PocketsphinxEngine({
      executable: this.options.executable,
      acousticModelDir,
      languageModelPath: vocabulary?.languageModelPath ?? join(this.options.modelDir, 'en-us.lm.bin'),
      dictionaryPath: (speakerModelDir ? vocabulary?.dictionaryPath : vocabulary?.accentVariantsDictionaryPath) ?? join(this.options.modelDir, 'cmudict-en-us.dict'),
      workDir,
      courseVocabulary: vocabulary !== null,
      fastSearch,
    });
    this.#engines.set(key, engine);
    while (this.#engines.size > limits.enginesWarmMax) this.#closeEngine(this.#engines.keys().next().value!);
    return engine;
  }

  #closeEngine(key: string): void {
    const engine = this.#engines.get(key);
    if (!engine) return;
    this.#engines.delete(key);
    engine.close();
    void rm(engine.setup.workDir, { recursive: true, force: true });
  }

  close(): void {
    this.#closed = true;
    for (const key of [...this.#engines.keys()]) this.#closeEngine(key);
    void this.#adaptation?.close();
  }
}

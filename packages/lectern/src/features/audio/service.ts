import { createHash } from 'node:crypto';
import { audio as limits } from '../../config.js';
import type { EventListeners } from '../../platform/events.js';
import { invalidState } from '../../platform/errors.js';
import type { Entry } from '../entries/schemas.js';
import type { EntryService } from '../entries/service.js';
import type { MaterialService } from '../materials/service.js';
import type { SessionEvents } from '../sessions/events.js';
import type { Session } from '../sessions/schemas.js';
import type { SessionService } from '../sessions/service.js';
import { downmix, peakOf, resampleMono } from './resample.js';
import { speechHttpError } from './speech-http-errors.js';
import type { ClipContext, Recogniser } from './speech/recognisers/recogniser.js';
import type { Recognisers } from './speech/recognisers/recognisers.js';
import type { AudioReceiptStore } from './store.js';
import { filterRecognised } from './transcript-filter.js';
import { decodeWav } from './wav.js';

export interface ClipResult {
  entry: Entry | null;
  duplicate: boolean;
}

export interface AudioServiceOptions {
  store: AudioReceiptStore;
  sessions: SessionService;
  entries: EntryService;
  materials: MaterialService;
  recognisers: Recognisers;
  /** `asr.model_id` from the settings, read per clip. */
  modelId: () => string;
  /** Session events: a class that will send speech gets its recogniser prepared as soon as it has its material. */
  hub: EventListeners<SessionEvents>;
}

/** Sources whose classes send speech (clips from the web page, or the microphone). */
const SPEAKING_SOURCES: ReadonlySet<string> = new Set(['browser', 'microphone']);

/**
 * Speech into the transcript. Clips and microphone segments end the same way: recognised by
 * the configured recogniser with the class's vocabulary, filtered for repeats and overlaps, then
 * appended through the entries service (the same path, alerts and events as typed text).
 */
export function createAudioService(options: AudioServiceOptions) {
  const { store, sessions, entries, materials, recognisers } = options;
  /** Clips being transcribed, by session and source_id: a concurrent retry waits for the first. */
  const inFlight = new Map<string, Promise<ClipResult>>();
  /** The material each open speaking class was prepared for. */
  const prepared = new Map<string, string>();

  // A speaking class's vocabulary is built, and the decoder of its first clip started, once it
  // has a material: no clip waits for a build, so the sooner it starts, the fewer clips decode
  // without it. Without a material there is nothing to build.
  options.hub.on('session', ({ data: session }) => {
    if (session.status === 'stopped' || session.status === 'error' || session.status === 'interrupted') {
      prepared.delete(session.id);
      recognisers.release(session.id);
    } else if (SPEAKING_SOURCES.has(session.source) && session.material_id !== null && prepared.get(session.id) !== session.material_id) {
      prepared.set(session.id, session.material_id);
      recognisers.resolve(options.modelId()).then(
        (recogniser) => recogniser.prepare?.(clipContext(session)),
        // No recogniser yet: the class's first clip answers with the 503 that says how to get one.
        () => undefined,
      );
    }
  });

  function clipContext(session: Session): ClipContext {
    return {
      sessionId: session.id,
      courseName: session.course_name,
      materialId: session.material_id,
      entryCount: session.entry_count,
      vocabularySources: () => ({
        courseName: session.course_name,
        materialText: session.material_id ? (materials.forContext(session.material_id)?.text.slice(0, limits.vocabularyMaterialMaxChars) ?? null) : null,
        transcript: entries.recentTranscript(session.id, limits.vocabularyTranscriptMaxChars),
      }),
    };
  }

  /** The recogniser `asr.model_id` names, or the 503 that says how to get one. */
  async function ensureRecogniser(): Promise<Recogniser> {
    return recognisers.resolve(options.modelId()).catch((error: unknown) => Promise.reject(speechHttpError(error)));
  }

  /** Recognises 16 kHz mono speech for a session: the text, '' for nothing. Speech failures are answered as speechHttpError says. */
  async function recognise(session: Session, samples: Int16Array): Promise<string> {
    const recogniser = await ensureRecogniser();
    try {
      return await recogniser.recognise(samples, clipContext(session));
    } catch (error) {
      throw speechHttpError(error);
    }
  }

  /**
   * Appends recognised text for a session unless the class is no longer recording (then nothing
   * is written: `null` and `stopped: true`), after the repeat/overlap filter. `receipt` is
   * written in the same transaction when given.
   */
  function appendRecognised(
    sessionId: string,
    text: string,
    sourceId: string,
    receipt?: { pcm_sha256: string },
    drain = false,
  ): { entry: Entry | null; stopped: boolean } {
    return store.transaction(() => {
      // Read again in the transaction: the class may have stopped while the speech was recognised.
      const session = sessions.get(sessionId);
      if (!sessions.acceptsEntries(session, { drain })) return { entry: null, stopped: true };
      const outcome = text === '' ? ({ kind: 'repeat' } as const) : filterRecognised(text, entries.latestTexts(sessionId, limits.duplicateWindowLines));
      const entry = outcome.kind === 'append' ? entries.appendTo(session, { text: outcome.text, source_id: sourceId }, { drain }).entry : null;
      if (receipt) store.insert({ session_id: sessionId, source_id: sourceId, pcm_sha256: receipt.pcm_sha256, entry_id: entry?.id ?? null, created_at: new Date().toISOString() });
      return { entry, stopped: false };
    });
  }

  function replay(sessionId: string, sourceId: string, sha256: string): ClipResult | undefined {
    const receipt = store.get(sessionId, sourceId);
    if (!receipt) return undefined;
    if (receipt.pcm_sha256 !== sha256) throw invalidState('This source_id was already used for different audio');
    return { entry: receipt.entry_id === null ? null : (entries.bySource(sessionId, sourceId) ?? null), duplicate: true };
  }

  async function transcribeClip(sessionId: string, sourceId: string, file: Buffer): Promise<ClipResult> {
    const wav = decodeWav(file);
    const sha256 = createHash('sha256').update(wav.pcmBytes).digest('hex');
    const key = `${sessionId}\0${sourceId}`;
    // Only a clip of an existing class can be in flight: the wait comes before the 404 without reordering them.
    await inFlight.get(key)?.catch(() => undefined);
    const session = sessions.get(sessionId);
    const stored = replay(sessionId, sourceId, sha256);
    if (stored) return stored;
    if (entries.bySource(sessionId, sourceId)) throw invalidState('This source_id was already used for a text entry');
    if (session.source === 'microphone') throw invalidState('A microphone class records its own audio; clips are not accepted');
    if (!sessions.acceptsEntries(session)) throw invalidState(`The class is ${session.status}; audio is not accepted`);
    const work = (async (): Promise<ClipResult> => {
      const mono = downmix(wav.samples, wav.channels);
      let text = '';
      if (peakOf(mono) > limits.silencePeakMax) text = await recognise(session, await resampleMono(mono, wav.sampleRate));
      const { entry, stopped } = appendRecognised(sessionId, text, sourceId, { pcm_sha256: sha256 });
      if (stopped) throw invalidState('The class stopped while the clip was being transcribed; nothing was written');
      return { entry, duplicate: false };
    })();
    inFlight.set(key, work);
    try {
      return await work;
    } finally {
      if (inFlight.get(key) === work) inFlight.delete(key);
    }
  }

  return { transcribeClip, ensureRecogniser, recognise, appendRecognised };
}

export type AudioService = ReturnType<typeof createAudioService>;

import { systemRecogniser } from '../../../../config.js';
import { executableOnPath } from '../../../../platform/executables.js';
import { RecogniserUnavailable } from '../errors.js';
import { installPocketsphinxHint, installSenseVoiceHint, senseVoiceDir, type SpeechAvailability, type SpeechAvailabilityCache } from '../availability.js';
import type { PocketsphinxRecogniser } from './pocketsphinx-recogniser.js';
import type { Recogniser } from './recogniser.js';
import { SenseVoiceRecogniser, senseVoiceId } from './sensevoice-recogniser.js';

export interface RecognisersOptions {
  dataDir: string;
  /** The folder of the Debian model (`en-us/`, `cmudict-en-us.dict`, `en-us.lm.bin`). */
  pocketsphinxModelDir: string;
  /** pocketsphinx's PATH, where SphinxTrain's and sphinxbase's tools are looked up too. */
  searchPath: string;
  availability: SpeechAvailabilityCache;
  language: () => string;
  onBackgroundError?: (error: unknown) => void;
}

export const autoModelId = 'auto';
export const recogniserIds = [autoModelId, systemRecogniser.id, senseVoiceId] as const;

/**
 * The recognisers behind `asr.model_id`, each created once and reused: `auto` (or empty, the default) picks SenseVoice
 * when installed, else pocketsphinx when its packages are present; a named one is used only if
 * usable. Otherwise RecogniserUnavailable saying how to get one.
 */
export function createRecognisers(options: RecognisersOptions) {
  let pocketsphinx: PocketsphinxRecogniser | undefined;
  let senseVoice: SenseVoiceRecogniser | undefined;
  let pocketsphinxLoading: Promise<PocketsphinxRecogniser> | undefined;

  /**
   * The pocketsphinx side (engine, course vocabulary, speaker adaptation) is loaded when a
   * class first needs it, so `lectern serve` does not compile it before its ready line.
   */
  async function loadPocketsphinx(executable: string): Promise<PocketsphinxRecogniser> {
    const [{ PocketsphinxRecogniser }, { findLanguageModelConverter, ESPEAK }, { findAdaptationTools }] = await Promise.all([
      import('./pocketsphinx-recogniser.js'),
      import('../vocabulary/course-vocabulary.js'),
      import('../adaptation/speaker-model.js'),
    ]);
    return (pocketsphinx = new PocketsphinxRecogniser({
      dataDir: options.dataDir,
      modelDir: options.pocketsphinxModelDir,
      executable,
      adaptationTools: findAdaptationTools(options.searchPath),
      languageModelConverter: findLanguageModelConverter(options.searchPath),
      espeakExecutable: executableOnPath(ESPEAK, options.searchPath),
      onBackgroundError: options.onBackgroundError,
    }));
  }

  async function make(id: string, found: SpeechAvailability): Promise<Recogniser> {
    if (id === senseVoiceId) return (senseVoice ??= new SenseVoiceRecogniser(senseVoiceDir(options.dataDir), options.language));
    // Created once; a failed load is not kept, so the next clip tries again.
    if (pocketsphinx) return pocketsphinx;
    pocketsphinxLoading ??= loadPocketsphinx(found.pocketsphinx.executable!).catch((error: unknown) => {
      pocketsphinxLoading = undefined;
      throw error;
    });
    return pocketsphinxLoading;
  }

  /** The id `asr.model_id` names or auto picks among those found usable, or why none can run. */
  function choose(modelId: string, found: SpeechAvailability): { id: string } | { refusal: string } {
    if (modelId === senseVoiceId || modelId === systemRecogniser.id) {
      const state = modelId === senseVoiceId ? found.senseVoice : found.pocketsphinx;
      return state.usable ? { id: modelId } : { refusal: `${state.reason}; or choose another recogniser in asr.model_id` };
    }
    if (modelId !== autoModelId && modelId !== '') return { refusal: `The configured asr.model_id is not a speech recogniser; set it to one of ${recogniserIds.join(', ')}` };
    if (found.senseVoice.usable) return { id: senseVoiceId };
    if (found.pocketsphinx.usable) return { id: systemRecogniser.id };
    return { refusal: `No speech recogniser is available: ${installPocketsphinxHint}, or ${installSenseVoiceHint}` };
  }

  return {
    /** The recogniser `asr.model_id` names (or auto picks); RecogniserUnavailable saying how to get one. */
    async resolve(modelId: string): Promise<Recogniser> {
      let found = await options.availability.current();
      let choice = choose(modelId, found);
      // Refused by what was found earlier: look again before saying so (packages installed since).
      if ('refusal' in choice) choice = choose(modelId, (found = await options.availability.refresh()));
      if ('refusal' in choice) throw new RecogniserUnavailable(choice.refusal);
      return make(choice.id, found);
    },

    /** The class ended: the recognisers already running start nothing more for it (none is created to be told). */
    release(sessionId: string): void {
      pocketsphinx?.release(sessionId);
    },

    close(): void {
      pocketsphinx?.close();
      senseVoice?.close();
    },
  };
}

export type Recognisers = ReturnType<typeof createRecognisers>;

import { systemRecogniser } from '../../../../config.js';
import { ApiError } from '../../../../platform/errors.js';
import type { SystemRecogniserPaths } from '../../../models/service.js';
import { installPocketsphinxHint, installSenseVoiceHint, pocketsphinxStatus, senseVoiceDir, senseVoiceStatus, type RecogniserStatus } from '../availability.js';
import type { PocketsphinxRecogniser } from './pocketsphinx-recogniser.js';
import type { Recogniser } from './recogniser.js';
import { sherpaOnnxLoadError } from '../../../../platform/sensevoice.js';
import { SenseVoiceRecogniser, senseVoiceId } from './sensevoice-recogniser.js';

export interface RecognisersOptions {
  dataDir: string;
  systemPaths: SystemRecogniserPaths;
  /** Whether the model manager's record of SenseVoice is `ready`. */
  senseVoiceInstalled: () => boolean;
  language: () => string;
  onBackgroundError?: (error: unknown) => void;
}

export const autoModelId = 'auto';
export const recogniserIds = [autoModelId, systemRecogniser.id, senseVoiceId] as const;

/**
 * The recognisers behind `asr.model_id`, each created once and reused: `auto` (or empty, the default) picks SenseVoice
 * when installed, else pocketsphinx when its packages are present; a named one is used only if
 * usable. Otherwise a 503 `model_unavailable` saying how to get one.
 */
export function createRecognisers(options: RecognisersOptions) {
  let pocketsphinx: PocketsphinxRecogniser | undefined;
  let senseVoice: SenseVoiceRecogniser | undefined;
  let addonError: string | null | undefined;

  async function sherpaAddonError(): Promise<string | null> {
    if (addonError === undefined) {
      addonError = await sherpaOnnxLoadError();
    }
    return addonError;
  }

  async function statuses(): Promise<RecogniserStatus[]> {
    const senseVoiceInstalled = options.senseVoiceInstalled();
    // The addon is only loaded (a few hundred ms) when there is a model for it.
    const addon = senseVoiceInstalled ? await sherpaAddonError() : null;
    const { executable: _executable, ...pocket } = pocketsphinxStatus(options.systemPaths);
    return [senseVoiceStatus(options.dataDir, senseVoiceInstalled, addon), pocket];
  }

  let pocketsphinxLoading: Promise<PocketsphinxRecogniser> | undefined;

  /**
   * The pocketsphinx side (engine, course vocabulary, speaker adaptation) is loaded when a
   * class first needs it, so `lectern serve` does not compile it before its ready line.
   */
  async function loadPocketsphinx(): Promise<PocketsphinxRecogniser> {
    const [{ PocketsphinxRecogniser }, { findLanguageModelConverter }, { findAdaptationTools }] = await Promise.all([
      import('./pocketsphinx-recogniser.js'),
      import('../vocabulary/course-vocabulary.js'),
      import('../adaptation/speaker-model.js'),
    ]);
    return (pocketsphinx = new PocketsphinxRecogniser({
      dataDir: options.dataDir,
      modelDir: options.systemPaths.modelDir,
      executable: pocketsphinxStatus(options.systemPaths).executable!,
      adaptationTools: findAdaptationTools(options.systemPaths.searchPath),
      languageModelConverter: findLanguageModelConverter(options.systemPaths.searchPath),
      onBackgroundError: options.onBackgroundError,
    }));
  }

  async function make(id: string): Promise<Recogniser> {
    if (id === senseVoiceId) return (senseVoice ??= new SenseVoiceRecogniser(senseVoiceDir(options.dataDir), options.language));
    // Created once (the PATH lookup for its executable is not repeated for every clip); a
    // failed load is not kept, so the next clip tries again as it did before the lazy load.
    if (pocketsphinx) return pocketsphinx;
    pocketsphinxLoading ??= loadPocketsphinx().catch((error: unknown) => {
      pocketsphinxLoading = undefined;
      throw error;
    });
    return pocketsphinxLoading;
  }

  return {
    statuses,

    /** The recogniser `asr.model_id` names (or auto picks), or a 503 saying how to get one. */
    async resolve(modelId: string): Promise<Recogniser> {
      const [senseVoiceState, pocketState] = await statuses();
      if (modelId === senseVoiceId || modelId === systemRecogniser.id) {
        const state = modelId === senseVoiceId ? senseVoiceState! : pocketState!;
        if (!state.usable) throw new ApiError('model_unavailable', `${state.reason}; or choose another recogniser in asr.model_id`);
        return make(modelId);
      }
      if (modelId !== autoModelId && modelId !== '') {
        throw new ApiError('model_unavailable', `The configured asr.model_id is not a speech recogniser; set it to one of ${recogniserIds.join(', ')}`);
      }
      if (senseVoiceState!.usable) return make(senseVoiceId);
      if (pocketState!.usable) return make(systemRecogniser.id);
      throw new ApiError('model_unavailable', `No speech recogniser is available: ${installPocketsphinxHint}, or ${installSenseVoiceHint}`);
    },

    close(): void {
      pocketsphinx?.close();
      senseVoice?.close();
    },
  };
}

export type Recognisers = ReturnType<typeof createRecognisers>;

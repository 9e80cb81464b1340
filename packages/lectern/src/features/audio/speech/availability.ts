import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { models as modelLimits, senseVoiceFiles, systemRecogniser } from '../../../config.js';
import type { EventListeners } from '../../../platform/events.js';
import type { ModelEvents } from '../../models/events.js';
import { sherpaOnnxLoadError } from '../../../platform/sensevoice.js';
import { systemRecogniserPresence, type SystemRecogniserPaths, type SystemRecogniserPresence } from '../../models/service.js';
import { senseVoiceId } from './recognisers/sensevoice-recogniser.js';

/** Whether a recogniser can run here, and if not, what to do about it. */
export interface RecogniserStatus {
  id: string;
  usable: boolean;
  /** Null when usable; otherwise what is missing and how to get it. */
  reason: string | null;
}

export const installSenseVoiceHint = `install SenseVoice with the model manager (lectern models install ${senseVoiceId}, or POST /api/v2/models/${senseVoiceId}/install)`;
export const installPocketsphinxHint = `install the Debian packages ${systemRecogniser.packages.join(' and ')} (apt-get install ${systemRecogniser.packages.join(' ')})`;

export function pocketsphinxStatus(presence: SystemRecogniserPresence): RecogniserStatus {
  if (presence.missing === null) return { id: systemRecogniser.id, usable: true, reason: null };
  return { id: systemRecogniser.id, usable: false, reason: `pocketsphinx is not installed: ${installPocketsphinxHint}` };
}

export const senseVoiceDir = (dataDir: string): string => join(dataDir, modelLimits.directoryName, senseVoiceId);

/**
 * SenseVoice is usable once the model manager has installed its files (`installed` says the
 * manager's record is ready) and sherpa-onnx-node's native addon loads on this machine.
 */
export function senseVoiceStatus(dataDir: string, installed: boolean, addonError: string | null): RecogniserStatus {
  const dir = senseVoiceDir(dataDir);
  const filesPresent = Object.values(senseVoiceFiles).every((name) => existsSync(join(dir, name)));
  if (!installed || !filesPresent) return { id: senseVoiceId, usable: false, reason: `SenseVoice is not installed: ${installSenseVoiceHint}` };
  if (addonError !== null) return { id: senseVoiceId, usable: false, reason: `sherpa-onnx-node cannot load on this machine (${addonError}); reinstall with npm ci` };
  return { id: senseVoiceId, usable: true, reason: null };
}

/** The recognisers as last found: SenseVoice's status, and pocketsphinx's with the decoder to run. */
export interface SpeechAvailability {
  senseVoice: RecogniserStatus;
  pocketsphinx: RecogniserStatus & { executable: string | null };
}

export interface SpeechAvailabilityOptions {
  dataDir: string;
  systemPaths: SystemRecogniserPaths;
  /** Whether the model manager's record of SenseVoice is `ready`. */
  senseVoiceInstalled: () => boolean;
  /** The model manager's `model.installation` frames say when SenseVoice may have come or gone. */
  hub: EventListeners<ModelEvents>;
}

/**
 * What recognisers can run here, found once and kept rather than probed on every clip (the
 * manager's record is a database read, pocketsphinx a search of PATH and the model folder). It
 * is found again after every `model.installation` frame, and whenever it is asked to find again
 * (the recognisers do when the kept answer would refuse a clip: system packages installed while
 * Lectern runs send no frame). sherpa-onnx-node's addon is loaded once, and only when there is a
 * SenseVoice model for it (a few hundred ms).
 */
export function createSpeechAvailability(options: SpeechAvailabilityOptions) {
  let found: Promise<SpeechAvailability> | undefined;
  let addonError: Promise<string | null> | undefined;

  async function find(): Promise<SpeechAvailability> {
    const senseVoiceInstalled = options.senseVoiceInstalled();
    const addon = senseVoiceInstalled ? await (addonError ??= sherpaOnnxLoadError()) : null;
    const presence = systemRecogniserPresence(options.systemPaths);
    return { senseVoice: senseVoiceStatus(options.dataDir, senseVoiceInstalled, addon), pocketsphinx: { ...pocketsphinxStatus(presence), executable: presence.executable } };
  }

  options.hub.on('model.installation', () => {
    found = undefined;
  });

  return {
    /** The kept answer (found now if there is none). */
    current(): Promise<SpeechAvailability> {
      found ??= find();
      return found;
    },

    /** Finds the recognisers again, now. */
    refresh(): Promise<SpeechAvailability> {
      found = find();
      return found;
    },
  };
}

export type SpeechAvailabilityCache = ReturnType<typeof createSpeechAvailability>;

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { executableOnPath } from '../../../platform/executables.js';
import { models as modelLimits, senseVoiceFiles, systemRecogniser } from '../../../config.js';
import { systemRecogniserMissing, type SystemRecogniserPaths } from '../../models/service.js';
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

/** The pocketsphinx batch decoder Lectern runs (Debian package `pocketsphinx`). */
const POCKETSPHINX_BATCH = 'pocketsphinx_batch';

export function pocketsphinxStatus(paths: SystemRecogniserPaths): RecogniserStatus & { executable: string | null } {
  const executable = executableOnPath(POCKETSPHINX_BATCH, paths.searchPath);
  const missing = systemRecogniserMissing(paths);
  if (executable && missing === null) return { id: systemRecogniser.id, usable: true, reason: null, executable };
  return { id: systemRecogniser.id, usable: false, reason: `pocketsphinx is not installed: ${installPocketsphinxHint}`, executable };
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

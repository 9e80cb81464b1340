import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { systemRecogniser } from '../../config.js';
import { executableOnPath } from '../../platform/executables.js';
import type { Model } from './schemas.js';

/** Where to look for pocketsphinx: the executable search path and the English model folder. */
export interface SystemRecogniserPaths {
  searchPath: string;
  modelDir: string;
}

export const systemRecogniserPaths = (environment: NodeJS.ProcessEnv): SystemRecogniserPaths => ({
  searchPath: environment.PATH ?? '',
  modelDir: systemRecogniser.modelDir,
});

/** pocketsphinx as found here: the decoder's path, or why it cannot run (naming the packages to install). */
export type SystemRecogniserPresence = { executable: string; missing: null } | { executable: null; missing: string };

/**
 * Whether pocketsphinx can run here: the decoder Lectern runs on the search path and the English
 * model beside its dictionary. The one judgement of it: the model record below and the audio
 * feature's recognisers both ask this.
 */
export function systemRecogniserPresence(paths: SystemRecogniserPaths): SystemRecogniserPresence {
  const executable = executableOnPath(systemRecogniser.executable, paths.searchPath);
  const model = existsSync(join(paths.modelDir, 'en-us')) && existsSync(join(paths.modelDir, 'cmudict-en-us.dict'));
  if (executable !== null && model) return { executable, missing: null };
  return { executable: null, missing: `Install the system packages ${systemRecogniser.packages.join(' and ')} (apt-get install ${systemRecogniser.packages.join(' ')}); there is nothing to download` };
}

/** Its record: nothing to download, so sizes are 0 and it is `ready` or `missing`. */
export function systemRecogniserRecord(paths: SystemRecogniserPaths): Model {
  const { missing } = systemRecogniserPresence(paths);
  return {
    id: systemRecogniser.id,
    kind: 'asr',
    name: 'PocketSphinx US English (system packages)',
    description: 'Offline English speech recognition by CMU PocketSphinx from the Debian packages; nothing to download.',
    license: 'BSD-2-Clause (CMU Sphinx)',
    license_url: 'https://github.com/cmusphinx/pocketsphinx/blob/master/LICENSE',
    source_url: 'https://packages.debian.org/stable/pocketsphinx-en-us',
    size_bytes: 0,
    state: missing === null ? 'ready' : 'missing',
    bytes_done: 0,
    bytes_total: 0,
    error: missing,
  };
}

import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { systemRecogniser } from '../../config.js';
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

function executableOnPath(name: string, searchPath: string): boolean {
  return searchPath.split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Why the system recogniser cannot run (naming the packages to install), or null when it can. */
export function systemRecogniserMissing(paths: SystemRecogniserPaths): string | null {
  const binary = systemRecogniser.binaryNames.some((name) => executableOnPath(name, paths.searchPath));
  const model = existsSync(join(paths.modelDir, 'en-us')) && existsSync(join(paths.modelDir, 'cmudict-en-us.dict'));
  if (binary && model) return null;
  return `Install the system packages ${systemRecogniser.packages.join(' and ')} (apt-get install ${systemRecogniser.packages.join(' ')}); there is nothing to download`;
}

/** Its record: nothing to download, so sizes are 0 and it is `ready` or `missing`. */
export function systemRecogniserRecord(paths: SystemRecogniserPaths): Model {
  const missing = systemRecogniserMissing(paths);
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

import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { server } from '../config.js';

/**
 * The platform's per-user data folder: `$XDG_DATA_HOME/lectern` on Linux,
 * `~/Library/Application Support/Lectern` on macOS, `%LOCALAPPDATA%\Lectern` on Windows.
 * An `--api-only` instance gets a sibling folder so it never competes with the desktop one.
 */
export function defaultDataDir(apiOnly: boolean, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const suffix = apiOnly ? '-api' : '';
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', `Lectern${suffix}`);
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), `Lectern${suffix}`);
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), `lectern${suffix}`);
}

/** Creates the data dir if needed and makes it private to the user. */
export function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: server.dataDirMode });
  chmodSync(dir, server.dataDirMode);
}

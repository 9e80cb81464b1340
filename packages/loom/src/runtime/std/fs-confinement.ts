/**
 * Where `std.fs` may reach: inside the project root, and inside the directories listed in
 * LOOM_ALLOW_FS (separated like PATH). A program — or a model calling `std_fs_*` tools after
 * `uses std.fs` — cannot read `~/.ssh/id_rsa` or write outside the project unless the person
 * running it said so. Relative paths resolve against the project root, so a program does the
 * same wherever it is started from. Symbolic links are followed before the check, so a link
 * inside the project cannot lead out of it.
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fail } from '../core/script-error.js';

export const ALLOW_FS_VARIABLE = 'LOOM_ALLOW_FS';

export class FileConfinement {
  private readonly allowed: readonly string[];

  constructor(private readonly projectRoot: string, env: NodeJS.ProcessEnv) {
    const extra = (env[ALLOW_FS_VARIABLE] ?? '').split(delimiter).filter((entry) => entry !== '');
    this.allowed = [projectRoot, ...extra].map((directory) => realLocation(resolve(projectRoot, directory)));
  }

  /** The absolute path `path` names, if it is inside an allowed directory; E105 otherwise. */
  resolve(path: string): string {
    const absolute = resolve(this.projectRoot, path);
    const real = realLocation(absolute);
    if (this.allowed.some((directory) => isInside(real, directory))) return absolute;
    return fail(
      `std.fs: '${path}' is outside the project root (${this.projectRoot}); ` +
      `${ALLOW_FS_VARIABLE}=DIR${delimiter}DIR... allows other directories`,
    );
  }
}

/** `path` with every symbolic link of its existing part resolved; the part that does not exist yet kept as written. */
function realLocation(path: string): string {
  if (existsSync(path)) return realpathSync(path);
  const parent = dirname(path);
  return parent === path ? path : join(realLocation(parent), basename(path));
}

function isInside(path: string, directory: string): boolean {
  const fromDirectory = relative(directory, path);
  return fromDirectory === '' || (!fromDirectory.startsWith('..') && !isAbsolute(fromDirectory));
}

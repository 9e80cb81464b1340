/**
 * `std.fs`: reading, writing, listing and deleting files, relative to the project root and
 * confined to it unless LOOM_ALLOW_FS widens it (fs-confinement.ts).
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fail } from '../core/script-error.js';
import { display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctionsOf, StdNamespace } from './namespace.js';
import { FileConfinement } from './fs-confinement.js';

function createFs(confinement: FileConfinement): StdFunctionsOf<'fs'> {
  const pathOf = (path: unknown, what = 'the path'): string => confinement.resolve(text(path, what));
  const readText = (path: unknown): string => {
    const file = pathOf(path);
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      return fail(`cannot read '${text(path, 'the path')}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  const writeText = (path: unknown, content: unknown): null => {
    const file = pathOf(path);
    try {
      writeFileSync(file, display(content));
    } catch (error) {
      return fail(`cannot write '${text(path, 'the path')}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    return null;
  };
  return {
    file_read: readText,
    read: readText,
    file_write: writeText,
    write: writeText,
    file_append: (path, content) => {
      appendFileSync(pathOf(path), display(content));
      return null;
    },
    file_exists: (path) => existsSync(pathOf(path)),
    exists: (path) => existsSync(pathOf(path)),
    file_list: (path) => readdirSync(pathOf(path ?? '.', 'the directory')).sort(),
    file_delete: (path) => {
      rmSync(pathOf(path));
      return null;
    },
  };
}

export const fsNamespace: StdNamespace<'fs'> = {
  create: (env, services) => createFs(new FileConfinement(services.projectRoot, env)),
  tools: {
    file_read: { description: 'Read a text file', parameters: { path: 'string' } },
    file_write: { description: 'Write text to a file, replacing its content', parameters: { path: 'string', content: 'string' } },
    file_append: { description: 'Append text to a file', parameters: { path: 'string', content: 'string' } },
    file_exists: { description: 'Whether a file or directory exists', parameters: { path: 'string' } },
    file_list: { description: 'List the names in a directory', parameters: { path: 'string' } },
  },
};

/** `std.fs`: reading, writing, listing and deleting files, relative to the working directory. */
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fail } from '../core/script-error.js';
import { display } from '../core/values.js';
import { text } from './arguments.js';
import type { StdFunctions, StdNamespace } from './namespace.js';

function readText(path: unknown): string {
  const file = text(path, 'the path');
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    return fail(`cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function writeText(path: unknown, content: unknown): null {
  writeFileSync(text(path, 'the path'), display(content));
  return null;
}

const fs: StdFunctions = {
  file_read: readText,
  read: readText,
  file_write: writeText,
  write: writeText,
  file_append: (path, content) => {
    appendFileSync(text(path, 'the path'), display(content));
    return null;
  },
  file_exists: (path) => existsSync(text(path, 'the path')),
  exists: (path) => existsSync(text(path, 'the path')),
  file_list: (path) => readdirSync(text(path ?? '.', 'the directory')).sort(),
  file_delete: (path) => {
    rmSync(text(path, 'the path'));
    return null;
  },
};

export const fsNamespace: StdNamespace = {
  create: () => fs,
  tools: {
    file_read: { description: 'Read a text file', parameters: { path: 'string' } },
    file_write: { description: 'Write text to a file, replacing its content', parameters: { path: 'string', content: 'string' } },
    file_append: { description: 'Append text to a file', parameters: { path: 'string', content: 'string' } },
    file_exists: { description: 'Whether a file or directory exists', parameters: { path: 'string' } },
    file_list: { description: 'List the names in a directory', parameters: { path: 'string' } },
  },
};

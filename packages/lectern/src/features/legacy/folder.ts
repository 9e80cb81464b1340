// Reading a Lectern 1.x data folder without leaving it: only the files of the 1.x layout are
// read, symlinks are never followed, and a file that resolves outside the folder, is too large
// or is not text is reported as skipped by its relative path.
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { legacy as limits } from '../../config.js';
import { invalidRequest } from '../../platform/errors.js';
import { decodeStrictText } from '../../platform/strict-text.js';

export interface FolderFile {
  /** Relative to the folder, with `/` separators: `cite/week1.txt`. */
  path: string;
  bytes: Buffer;
  text: string;
  modifiedAt: Date;
}

export interface FolderContents {
  transcript: FolderFile | null;
  summaries: FolderFile[];
  citations: FolderFile[];
  skipped: string[];
}

const TRANSCRIPT = 'class_transcript.txt';
const LAYOUT_DIRECTORIES = [
  { name: 'summaries', extension: '.md' },
  { name: 'cite', extension: '.txt' },
] as const;

const refuse = (msg: string) => invalidRequest([{ loc: ['body', 'directory'], msg, type: 'unreadable_folder' }]);

export async function readLegacyFolder(directory: string): Promise<FolderContents> {
  if (!isAbsolute(directory)) throw refuse('the folder must be given as an absolute path');
  let root: string;
  try {
    root = await realpath(directory);
    if (!(await lstat(root)).isDirectory()) throw new Error('not a directory');
    await readdir(root);
  } catch {
    throw refuse('the folder does not exist or cannot be read');
  }
  const skipped: string[] = [];
  const read = (path: string) => readInside(root, path, skipped);
  const contents: FolderContents = { transcript: await read(TRANSCRIPT), summaries: [], citations: [], skipped };
  for (const { name, extension } of LAYOUT_DIRECTORIES) {
    const files = name === 'summaries' ? contents.summaries : contents.citations;
    const stat = await lstat(join(root, name)).catch(() => null);
    if (stat === null) continue;
    if (!stat.isDirectory()) {
      skipped.push(name);
      continue;
    }
    const names = (await readdir(join(root, name)).catch(() => [] as string[])).filter((n) => n.toLowerCase().endsWith(extension)).sort();
    for (const fileName of names) {
      const file = await read(`${name}/${fileName}`);
      if (file !== null) files.push(file);
    }
  }
  return contents;
}

async function readInside(root: string, path: string, skipped: string[]): Promise<FolderFile | null> {
  const absolute = join(root, ...path.split('/'));
  const stat = await lstat(absolute).catch(() => null);
  if (stat === null) return null;
  if (stat.isSymbolicLink() || !stat.isFile()) {
    skipped.push(path);
    return null;
  }
  const resolved = await realpath(absolute).catch(() => null);
  const inside = resolved !== null && !relative(root, resolved).startsWith(`..${sep}`) && !isAbsolute(relative(root, resolved));
  if (!inside || stat.size > limits.fileMaxBytes) {
    skipped.push(path);
    return null;
  }
  const bytes = await readFile(absolute).catch(() => null);
  const text = bytes === null ? null : decodeStrictText(bytes);
  if (bytes === null || text === null) {
    skipped.push(path);
    return null;
  }
  return { path, bytes, text, modifiedAt: stat.mtime };
}

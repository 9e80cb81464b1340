import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFolder } from '../../../../platform/atomic-folder.js';

/** Courses whose speaker is remembered; the least recently adapted beyond this are forgotten. */
const REMEMBERED_COURSES_MAX = 16;
/** A course's folder: `<32 hex of the name's hash>.<version>`. */
const FOLDER = /^([0-9a-f]{32})\.([0-9a-z]+)$/;

/**
 * The newest adapted model of each course, kept across classes: a course is usually taught by
 * the same voice, so its next class starts adapted instead of waiting for its first estimate.
 * Folders are named by a hash of the course name (not the name itself) and a version, so a
 * replaced model has a new path: a decoder kept warm for the old one is never mistaken for it.
 * Forget them all by removing the folder.
 */
export class CourseSpeakers {
  #version = 0;

  constructor(private readonly directory: string) {}

  #keyOf(courseName: string): string | null {
    const name = courseName.trim().toLowerCase();
    return name === '' ? null : createHash('sha256').update(name).digest('hex').slice(0, 32);
  }

  /** The course's folders, newest version last. */
  #versionsOf(key: string, names: readonly string[]): string[] {
    return names
      .map((name) => FOLDER.exec(name))
      .filter((match): match is RegExpExecArray => match !== null && match[1] === key)
      .sort((a, b) => parseInt(a[2]!, 36) - parseInt(b[2]!, 36))
      .map((match) => match[0]);
  }

  /** The remembered model of the course, or null. */
  modelOf(courseName: string): string | null {
    const key = this.#keyOf(courseName);
    if (!key || !existsSync(this.directory)) return null;
    const newest = this.#versionsOf(key, readdirSync(this.directory)).at(-1);
    return newest !== undefined && existsSync(join(this.directory, newest, 'means')) ? join(this.directory, newest) : null;
  }

  /** Keeps a copy of `modelDir` (its links stay links) as the course's model, replacing the older one. */
  async remember(courseName: string, modelDir: string): Promise<void> {
    const key = this.#keyOf(courseName);
    if (!key) return;
    await mkdir(this.directory, { recursive: true });
    const version = Math.max(Date.now(), this.#version + 1);
    this.#version = version;
    const folder = join(this.directory, `${key}.${version.toString(36)}`);
    await replaceFolder(folder, (staging) => cp(modelDir, staging, { recursive: true, verbatimSymlinks: true }));
    for (const older of this.#versionsOf(key, await readdir(this.directory)).slice(0, -1)) await rm(join(this.directory, older), { recursive: true, force: true });
    await this.#forgetOld();
  }

  async #forgetOld(): Promise<void> {
    const folders = (await readdir(this.directory)).filter((name) => FOLDER.test(name));
    if (folders.length <= REMEMBERED_COURSES_MAX) return;
    const dated = await Promise.all(folders.map(async (name) => ({ name, changed: (await stat(join(this.directory, name))).mtimeMs })));
    dated.sort((a, b) => b.changed - a.changed);
    for (const old of dated.slice(REMEMBERED_COURSES_MAX)) await rm(join(this.directory, old.name), { recursive: true, force: true });
  }
}

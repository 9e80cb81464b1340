import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Courses whose speaker is remembered; the least recently adapted beyond this are forgotten. */
const REMEMBERED_COURSES_MAX = 16;

/**
 * The newest adapted model of each course, kept across classes: a course is usually taught by
 * the same voice, so its next class starts adapted instead of waiting for its first estimate.
 * One folder per course (named by a hash of the course name, not the name itself), replaced
 * atomically by each new estimate. Forget them all by removing the folder.
 */
export class CourseSpeakers {
  constructor(private readonly directory: string) {}

  #folderOf(courseName: string): string | null {
    const key = courseName.trim().toLowerCase();
    if (key === '') return null;
    return join(this.directory, createHash('sha256').update(key).digest('hex').slice(0, 32));
  }

  /** The remembered model of the course, or null. */
  modelOf(courseName: string): string | null {
    const folder = this.#folderOf(courseName);
    return folder && existsSync(join(folder, 'means')) ? folder : null;
  }

  /** Keeps a copy of `modelDir` (its links stay links) as the course's model. */
  async remember(courseName: string, modelDir: string): Promise<void> {
    const folder = this.#folderOf(courseName);
    if (!folder) return;
    await mkdir(this.directory, { recursive: true });
    const staging = `${folder}.${process.pid}.tmp`;
    await rm(staging, { recursive: true, force: true });
    await cp(modelDir, staging, { recursive: true, verbatimSymlinks: true });
    await rm(folder, { recursive: true, force: true });
    await rename(staging, folder);
    await this.#forgetOld();
  }

  async #forgetOld(): Promise<void> {
    const names = (await readdir(this.directory)).filter((name) => /^[0-9a-f]{32}$/.test(name));
    if (names.length <= REMEMBERED_COURSES_MAX) return;
    const folders = await Promise.all(names.map(async (name) => ({ name, changed: (await stat(join(this.directory, name))).mtimeMs })));
    folders.sort((a, b) => b.changed - a.changed);
    for (const old of folders.slice(REMEMBERED_COURSES_MAX)) await rm(join(this.directory, old.name), { recursive: true, force: true });
  }
}

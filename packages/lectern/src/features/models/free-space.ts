import { statfs } from 'node:fs/promises';

/** Bytes an unprivileged process may still write on the file system holding `dir`. Tests pass their own. */
export type FreeSpaceProbe = (dir: string) => Promise<number>;

export const freeSpaceOnDisk: FreeSpaceProbe = async (dir) => {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
};

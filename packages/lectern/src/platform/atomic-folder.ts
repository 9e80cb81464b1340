import { mkdir, rename, rm } from 'node:fs/promises';

/**
 * Builds a folder in a staging folder beside it, then replaces `folder` with it in one rename:
 * a crash or a failure part-way never leaves a half-built folder where readers look.
 */
export async function replaceFolder(folder: string, fill: (staging: string) => Promise<void>): Promise<void> {
  const staging = `${folder}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await fill(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(folder, { recursive: true, force: true });
  await rename(staging, folder);
}

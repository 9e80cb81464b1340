import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { VerificationError } from './verification.js';

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Before a load: every file still has the digest recorded when it was installed (for unpinned
 * entries the only proof left that the bytes are the ones verified then; see models.md).
 */
export async function verifyInstalledFiles(dir: string, digests: Readonly<Record<string, string>>): Promise<void> {
  for (const [name, expected] of Object.entries(digests)) {
    let actual: string;
    try {
      actual = await sha256OfFile(join(dir, name));
    } catch {
      throw new VerificationError(`${name} is missing; install the model again`);
    }
    if (actual !== expected) throw new VerificationError(`${name} changed since it was installed; install the model again`);
  }
}

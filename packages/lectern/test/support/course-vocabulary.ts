import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Waits until a course vocabulary has been written in the data dir (a build writes its folder
 * whole under a temporary name, then renames it to its 32-hex id). A class's clips decode with
 * the generic model until its vocabulary is ready; a test of what the vocabulary hears waits
 * for it first. Resolves false after `timeoutMs`.
 */
export async function courseVocabularyWritten(dataDir: string, timeoutMs = 60_000): Promise<boolean> {
  const vocabularies = join(dataDir, 'speech', 'vocabularies');
  const written = () => existsSync(vocabularies) && readdirSync(vocabularies).some((name) => /^[0-9a-f]{32}$/.test(name));
  const deadline = Date.now() + timeoutMs;
  while (!written() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return written();
}

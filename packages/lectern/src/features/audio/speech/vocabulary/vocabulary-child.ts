import { forkOwnModule } from '../../../../platform/own-module-process.js';
import { StderrTail } from '../../../../platform/stderr-tail.js';
import type { VocabularyAnswer, VocabularyJob } from './vocabulary-job.js';

/** How long one build may take (~1.5 s on a 2-core VM; the first of an install, which reads general English's trie, ~4 s) before it is stopped. */
const BUILD_TIMEOUT_MS = 60_000;

/**
 * Runs one build in a vocabulary process of its own (vocabulary-process.ts): the bundled module
 * next to Lectern's bundle, or the TypeScript source through tsx. Rejects with the process's own
 * message when the build fails.
 */
export function runVocabularyJob(job: VocabularyJob): Promise<VocabularyAnswer & { ok: true }> {
  return new Promise((resolve, reject) => {
    const child = forkOwnModule(import.meta.url, { source: './vocabulary-process.ts', bundled: './vocabulary.mjs' });
    const stderr = new StderrTail();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.append(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    let answer: VocabularyAnswer | undefined;
    child.once('message', (message: VocabularyAnswer) => (answer = message));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`The vocabulary process could not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (answer?.ok) resolve(answer);
      else reject(new Error(answer?.message ?? stderr.lastLine() ?? `The vocabulary process ended (${signal ?? code}) without an answer`));
    });
    child.send(job);
  });
}

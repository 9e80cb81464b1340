import { forkOwnModule } from '../../../../platform/own-module-process.js';
import type { LanguageModelAnswer, LanguageModelJob } from './language-model-job.js';
import { StderrTail } from '../../../../platform/stderr-tail.js';

/** How long one job may take (~1 s on a 2-core VM; reading the trie the first time ~1.5 s) before it is stopped. */
const JOB_TIMEOUT_MS = 60_000;

/**
 * Runs one job in a language model process of its own (language-model-process.ts): the bundled
 * module next to Lectern's bundle, or the TypeScript source through tsx. Rejects with the
 * process's own message when the job fails.
 */
export function runLanguageModelJob(job: LanguageModelJob): Promise<LanguageModelAnswer & { ok: true }> {
  return new Promise((resolve, reject) => {
    const child = forkOwnModule(import.meta.url, { source: './language-model-process.ts', bundled: './language-model.mjs' });
    const stderr = new StderrTail();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.append(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), JOB_TIMEOUT_MS);
    let answer: LanguageModelAnswer | undefined;
    child.once('message', (message: LanguageModelAnswer) => (answer = message));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`The language model process could not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (answer?.ok) resolve(answer);
      else reject(new Error(answer?.message ?? stderr.lastLine() ?? `The language model process ended (${signal ?? code}) without an answer`));
    });
    child.send(job);
  });
}

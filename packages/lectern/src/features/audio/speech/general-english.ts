import { fork } from 'node:child_process';
import type { GenericLanguageModel, GenericModelLimits } from './generic-language-model.js';

type Answer = { ok: true; model: GenericLanguageModel } | { ok: false; message: string };

/** How long reading the model may take (~1 s on a 2-core VM) before the vocabulary is built without it. */
const READ_TIMEOUT_MS = 60_000;

/**
 * pocketsphinx-en-us's general English model, pruned to `limits`, read in a child process of its
 * own (general-english-process.ts); rejects when the model cannot be read.
 */
export function loadGeneralEnglish(path: string, limits: GenericModelLimits): Promise<GenericLanguageModel> {
  return new Promise((resolve, reject) => {
    const options = { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[], serialization: 'advanced' as const };
    // The bundled module next to Lectern's bundle, or the TypeScript source through tsx.
    const child = import.meta.url.endsWith('.ts')
      ? fork(new URL('./general-english-process.ts', import.meta.url), [], { ...options, execArgv: ['--import', 'tsx'] })
      : fork(new URL('./general-english.mjs', import.meta.url), [], options);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), READ_TIMEOUT_MS);
    let answer: Answer | undefined;
    child.once('message', (message: Answer) => (answer = message));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`The general English model could not be read: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (answer?.ok) resolve(answer.model);
      else reject(new Error(`The general English model could not be read: ${answer?.message ?? (stderr.trim() || `the reader ended (${signal ?? code})`)}`));
    });
    child.send({ path, limits });
  });
}

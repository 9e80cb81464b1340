/**
 * The course language model's own process (forked by language-model-child.ts, one job, then
 * exit). Mixing general English into a course model handles ~300,000 n-grams and the pruned
 * general model itself (~270 MB at its peak); in the server a tenth of that grew the heap by
 * ~50 MB that V8 and glibc kept (docs/benchmarks.md), here it goes with the process.
 */
import { writeFile } from 'node:fs/promises';
import { buildArpa } from './arpa.js';
import { loadGeneralEnglish } from './general-english.js';
import type { LanguageModelJob, LanguageModelAnswer } from './language-model-job.js';

async function run(job: LanguageModelJob): Promise<LanguageModelAnswer> {
  const general = await loadGeneralEnglish(job.general.modelPath, job.general.limits, job.general.cacheDir);
  if (job.kind === 'general-words') return { ok: true, words: [...general.unigrams.keys()] };
  const speakable = new Set(job.speakableWords);
  // Written here: a megabyte of text through IPC would land in the server's heap after all.
  await writeFile(job.outputPath, await buildArpa({ ...job.input, general: { model: general, weight: job.general.weight, speakable: (word) => speakable.has(word) } }));
  return { ok: true, written: job.outputPath };
}

process.once('message', (job: LanguageModelJob) => {
  run(job).then(
    (answer) => process.send!(answer, () => process.disconnect()),
    (error: unknown) => process.send!({ ok: false, message: error instanceof Error ? error.message : String(error) }, () => process.disconnect()),
  );
});

/**
 * The general English model's own process (forked by general-english.ts): reading the 27 MB
 * trie allocates tens of megabytes for a second, and in the server glibc kept most of that
 * resident for good (+46 MB measured); here it goes when the process exits. Reads its job from
 * the IPC channel, answers with the pruned model or an error message, then exits.
 */
import { readGenericLanguageModel, type GenericModelLimits } from './generic-language-model.js';

interface Job {
  path: string;
  limits: GenericModelLimits;
}

process.once('message', (job: Job) => {
  readGenericLanguageModel(job.path, job.limits).then(
    (model) => process.send!({ ok: true, model }, () => process.disconnect()),
    (error: unknown) => process.send!({ ok: false, message: error instanceof Error ? error.message : String(error) }, () => process.disconnect()),
  );
});

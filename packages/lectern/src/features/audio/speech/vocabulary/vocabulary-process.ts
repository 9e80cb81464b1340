/**
 * The vocabulary process: builds one course vocabulary (build-vocabulary.ts), answers, exits.
 * Forked by vocabulary-child.ts for each build. The server's event loop never runs the build,
 * and what the build held (the pruned general English model peaks at ~270 MB; in the server a
 * tenth of it grew the heap by ~50 MB that V8 and glibc kept: docs/benchmarks.md) goes with the process.
 */
import { setPriority } from 'node:os';
import { buildVocabulary } from './build-vocabulary.js';
import type { VocabularyAnswer, VocabularyJob } from './vocabulary-job.js';

/**
 * Background work: on a busy machine the decoders of the clips waiting meanwhile go first. The
 * tools it runs (espeak-ng, sphinx_lm_convert) inherit the niceness.
 */
const BUILD_NICENESS = 10;
try {
  setPriority(BUILD_NICENESS);
} catch {
  // Not allowed here (a container's policy): the build runs at the server's priority.
}

process.once('message', (job: VocabularyJob) => {
  void buildVocabulary(job)
    .then(
      (built): VocabularyAnswer => ({ ok: true, ...built }),
      (error: unknown): VocabularyAnswer => ({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    )
    .then((answer) => process.send!(answer, () => process.disconnect()));
});

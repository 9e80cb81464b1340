/**
 * V8's heap policy for the commands that only read a program (`validate`, `lint`, `build`):
 * while the front end runs, the heap may grow to ten times what the last full collection kept,
 * where V8 itself allows one to four times.
 *
 * Why: nearly all the front end allocates stays alive until it is done (the syntax tree, its
 * spans and names, the resolved references), so a full collection in the middle of it finds
 * little garbage and marks the whole tree once more. On the 8 MB program of the performance
 * budget V8 ran a second full collection at ~120 MB, its pause alone 70–100 ms; with this policy
 * the first one (at ~25 MB) sizes the heap past the end of the check (docs/benchmarks.md, "Loom's
 * CLI on the slower VM"). These commands end right after the check, so the larger heap lives no
 * longer than it. `run`, `test` and `serve` keep V8's defaults: a program runs in their process.
 *
 * The factor is a V8 flag set at run time, before the check, and reset to its default (0: V8
 * works the factor out itself) after it; V8 reads it only when it next sizes the heap.
 */
import { setFlagsFromString } from 'node:v8';

/** The heap may grow by this percentage over what a full collection kept (V8's flag). */
const LOAD_PHASE_GROWING_PERCENT = 900;
const V8_DEFAULT_GROWING_PERCENT = 0;

/** Runs `check` (the front end over a whole program) under the load-phase heap policy. */
export function withLoadPhaseHeap<T>(check: () => T): T {
  setFlagsFromString(`--heap-growing-percent=${LOAD_PHASE_GROWING_PERCENT}`);
  try {
    return check();
  } finally {
    setFlagsFromString(`--heap-growing-percent=${V8_DEFAULT_GROWING_PERCENT}`);
  }
}

import { setFlagsFromString } from 'node:v8';

/**
 * Asks V8 to favour memory over speed for the rest of the process.
 *
 * V8 sizes its heap for throughput by default: a 32 MiB young generation and an old generation
 * allowed to fill with garbage to several times the live set before a full collection. Lectern
 * runs for hours beside a student's browser and slides, mostly idle, and its live set is small
 * (about 50 MiB after a full collection through a three-hour class); under the default sizing
 * its RSS climbed 250–320 MiB over the soak, nearly all of it garbage. With this policy the
 * young generation shrinks and the old generation grows in small steps, so the same class stays
 * within 120–140 MiB of its start (docs/benchmarks.md, "Lectern soak").
 *
 * This is a collection policy, not a ceiling: a class whose live data grows (a long summary, a
 * large PDF) still gets the memory it needs, where a `--max-old-space-size` ceiling would end the
 * process. It is set here, by the service itself, so it holds however Node was started: through
 * npm, a desktop host running `node bin/lectern.js`, or a shim that drops `#!` flags. Set before
 * the server is built, while almost no code has been optimised yet (V8 reads the flag when it
 * next compiles or collects).
 */
export function favourMemoryOverSpeed(): void {
  setFlagsFromString('--optimize-for-size');
}

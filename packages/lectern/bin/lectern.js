#!/usr/bin/env node
// Starts Lectern from its bundle when fresh, else from the sources (see scripts/launcher.mjs).
import { setFlagsFromString } from 'node:v8';
import { importFreshest } from '../../../scripts/launcher.mjs';

// Lectern's memory policy: V8 favours memory over speed for the whole process.
//
// V8 sizes its heap for throughput by default: a 32 MiB young generation and an old generation
// allowed to fill with garbage to several times the live set before a full collection. Lectern
// runs for hours beside a student's browser and slides, mostly idle, and its live set is small
// (about 50 MiB after a full collection through a three-hour class); under the default sizing its
// RSS climbed 250–320 MiB over the soak, nearly all of it garbage. With this policy the young
// generation shrinks and the old generation grows in small steps, so the same class stays within
// 120–140 MiB of its start (docs/benchmarks.md, "Lectern soak").
//
// It is a collection policy, not a ceiling: a class whose live data grows (a long summary, a
// large PDF) still gets the memory it needs, where a `--max-old-space-size` ceiling would end the
// process. It is set here, at run time, so it holds however Node was started (through npm, by a
// desktop host running `node bin/lectern.js`, or by a shim that drops `#!` flags), and before any
// of Lectern is compiled, because V8 accepts the bundle's code cache only under the flags it was
// made with (scripts/code-cache.mjs).
setFlagsFromString('--optimize-for-size');

await importFreshest({
  bundle: new URL('../dist/lectern.cjs', import.meta.url),
  sources: new URL('../src/', import.meta.url),
  entry: new URL('../src/cli.ts', import.meta.url),
});

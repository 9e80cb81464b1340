#!/usr/bin/env -S node --max-old-space-size=160
// The heap ceiling keeps RSS bounded over a long class (docs/api.md, "Memory"); without one
// V8 lets garbage grow to hundreds of MB before a full collection.
// Starts Lectern from its bundle when fresh, else from the sources (see scripts/launcher.mjs).
import { importFreshest } from '../../../scripts/launcher.mjs';

await importFreshest({
  bundle: new URL('../dist/lectern.mjs', import.meta.url),
  sources: new URL('../src/', import.meta.url),
  entry: new URL('../src/cli.ts', import.meta.url),
});

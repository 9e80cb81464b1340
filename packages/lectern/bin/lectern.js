#!/usr/bin/env node
// Starts Lectern from its bundle when fresh, else from the sources (see scripts/launcher.mjs).
import { importFreshest } from '../../../scripts/launcher.mjs';

await importFreshest({
  bundle: new URL('../dist/lectern.mjs', import.meta.url),
  sources: new URL('../src/', import.meta.url),
  entry: new URL('../src/cli.ts', import.meta.url),
});

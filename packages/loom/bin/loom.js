#!/usr/bin/env node
// Runs Loom from its bundle when fresh, else from the sources (see scripts/launcher.mjs).
import { importFreshest } from '../../../scripts/launcher.mjs';

const { main, processIo } = await importFreshest({
  bundle: new URL('../dist/loom.cjs', import.meta.url),
  sources: new URL('../src/', import.meta.url),
  entry: new URL('../src/cli.ts', import.meta.url),
});
process.exitCode = await main(process.argv.slice(2), processIo());

#!/usr/bin/env node
// No heap flags here: the service sets its own collection policy (src/platform/memory-policy.ts),
// which also holds when a host runs `node bin/lectern.js` without this line's flags.
// Starts Lectern from its bundle when fresh, else from the sources (see scripts/launcher.mjs).
import { importFreshest } from '../../../scripts/launcher.mjs';

await importFreshest({
  bundle: new URL('../dist/lectern.mjs', import.meta.url),
  sources: new URL('../src/', import.meta.url),
  entry: new URL('../src/cli.ts', import.meta.url),
});

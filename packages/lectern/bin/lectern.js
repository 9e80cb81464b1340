#!/usr/bin/env node
// Starts Lectern from the pre-built bundle (fast start-up) when it is at least as new as every
// source file; otherwise runs the TypeScript sources through tsx, so an edit is never shadowed
// by a stale bundle and `npx lectern` works even before any build.
import { readdirSync, statSync } from 'node:fs';

const bundle = new URL('../dist/lectern.mjs', import.meta.url);
const sources = new URL('../src/', import.meta.url);

function newestMtimeMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleIsFresh() {
  try {
    return statSync(bundle).mtimeMs >= newestMtimeMs(sources.pathname.replace(/\/$/, ''));
  } catch {
    return false;
  }
}

if (bundleIsFresh()) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}

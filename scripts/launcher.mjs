// Shared by the packages' bin/ launchers: start the pre-built bundle (fast start-up) when it is
// at least as new as every source file, otherwise run the TypeScript sources through tsx, so an
// edit is never shadowed by a stale bundle and the CLIs work even before any build.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function newestMtimeMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(bundleUrl, sourcesUrl) {
  try {
    return statSync(fileURLToPath(bundleUrl)).mtimeMs >= newestMtimeMs(fileURLToPath(sourcesUrl).replace(/\/$/, ''));
  } catch {
    return false;
  }
}

/**
 * Imports the bundle or, when it is stale or missing, the TypeScript entry; resolves to the
 * module's namespace. A CommonJS bundle (`.cjs`) runs with its V8 code cache (code-cache.mjs).
 * @param {{ bundle: URL, sources: URL, entry: URL }} where
 */
export async function importFreshest({ bundle, sources, entry }) {
  if (isFresh(bundle, sources)) {
    if (!bundle.pathname.endsWith('.cjs')) return import(bundle.href);
    // Loaded only for a CommonJS bundle: Loom's ES-module bundles need none of it.
    const { runWithCodeCache } = await import('./code-cache.mjs');
    return runWithCodeCache(fileURLToPath(bundle)).exports;
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(entry.href);
}

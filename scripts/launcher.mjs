// Shared by the packages' bin/ launchers: start the pre-built bundle (fast start-up) when it is
// at least as new as every source file, otherwise run the TypeScript sources through tsx, so an
// edit is never shadowed by a stale bundle and the CLIs work even before any build.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache.mjs';

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
  if (isFresh(bundle, sources)) return bundle.pathname.endsWith('.cjs') ? runWithCodeCache(fileURLToPath(bundle)).exports : import(bundle.href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(entry.href);
}

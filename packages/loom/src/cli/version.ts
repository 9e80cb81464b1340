import { readFileSync } from 'node:fs';

/** The version of the loom package, read from its package.json so there is one place to bump it. */
export function loomVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string') {
    return manifest.version;
  }
  throw new Error('packages/loom/package.json has no version');
}

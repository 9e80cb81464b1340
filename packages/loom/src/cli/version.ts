import manifest from '../../package.json' with { type: 'json' };

/**
 * The version of the loom package, from its package.json so there is one place to bump it.
 * Imported rather than read at run time, so the bundled CLI (dist/) carries it inline.
 */
export function loomVersion(): string {
  return manifest.version;
}

/**
 * Imports TypeScript sources the way users run them: bundled by esbuild with the options of
 * scripts/build.mjs, not transpiled file by file by tsx. The difference matters for hot code:
 * under tsx every imported constant is read through a getter of its module object (the lexer's
 * character codes were a third of its time), which the bundle inlines.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BundleOptions {
  /**
   * Leave npm packages out of the bundle, imported from node_modules as the shipped bundles
   * import their native and CommonJS dependencies (better-sqlite3 cannot be bundled as ESM).
   */
  externalPackages?: boolean;
}

/**
 * Bundles `exports` (export name → `[module path relative to the repository root, export name]`)
 * into one ES module and imports it.
 */
export async function importBundled<T>(exports: Readonly<Record<string, readonly [string, string]>>, options: BundleOptions = {}): Promise<T> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const contents = Object.entries(exports)
    .map(([name, [path, exported]]) => `export { ${exported} as ${name} } from ${JSON.stringify(`./${path}`)};`)
    .join('\n');
  // With packages left out, the bundle must sit where Node resolves them: under node_modules.
  const parent = options.externalPackages === true ? join(root, 'node_modules', '.cache') : tmpdir();
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'bench-bundle-'));
  const outfile = join(dir, 'bundle.mjs');
  try {
    await build({
      stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'bench-entry.ts' },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      minify: true,
      logLevel: 'warning',
      ...(options.externalPackages === true ? { packages: 'external' as const } : {}),
    });
    return (await import(pathToFileURL(outfile).href)) as T;
  } finally {
    // The module is loaded by now; its file is no longer needed.
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The importer the CommonJS bundle's loader lends it (scripts/code-cache.mjs); absent when Lectern
 * runs as ES modules (from its sources, or in the child processes' bundles).
 */
declare const __bundleImport: ((specifier: string) => Promise<unknown>) | undefined;

/**
 * Loads a package that exists only as ES modules (node-llama-cpp, the Echogarden WASM modules).
 *
 * Why not a plain `import()`: Lectern's CLI bundle is a CommonJS script started from V8's code
 * cache, and under Node 20 code that comes from a cache has lost its script's import callback, so
 * an `import()` in it fails (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING). Packages that are CommonJS
 * need nothing: the bundle requires them. For the others, the loader hands the bundle an importer
 * that lives in a real ES module.
 */
export function importEsmPackage<Module>(specifier: string): Promise<Module> {
  return (typeof __bundleImport === 'function' ? __bundleImport(specifier) : import(specifier)) as Promise<Module>;
}

/**
 * The entry of the CLI bundle, dist/loom.cjs (scripts/build.mjs): the CLI, and the runtime
 * library that generated modules import.
 *
 * The bundle is one CommonJS script so that it can start from V8's code cache
 * (scripts/code-cache.mjs). Generated modules are ES modules and import the runtime from
 * dist/runtime.mjs, a facade the build writes, which takes it from this script's instance, so a
 * program `loom run` imports shares its classes and values (errors, ADTs) with the CLI.
 */
import type * as ModuleApi from './runtime/host/module-api.js';

export { main, processIo } from './cli.js';

/**
 * The runtime library, evaluated on first use: behind `import()`, esbuild keeps its modules'
 * top-level code out of the start of commands that run no program (`--version`, `validate`).
 */
export function loadRuntime(): Promise<typeof ModuleApi> {
  return import('./runtime/host/module-api.js');
}

/**
 * The front half shared by `run`, `build` and `test`: check the file, print its diagnostics,
 * and — when it has no errors — generate its module (and, to run it, import it from memory).
 * Warnings are shown and do not stop it.
 */
import { basename, resolve } from 'node:path';
import { checkFile } from '../compile.js';
import { generateModule } from '../emit/codegen.js';
import type { GeneratedModule } from '../emit/codegen.js';
import { importFromMemory } from '../runtime/host/run-program.js';
import type { RunOptions } from '../runtime/host/run-program.js';
import type { CliIo } from './command.js';
import { tally, writeDiagnostics } from './report.js';

/**
 * The runtime library generated modules import; absolute, so a module runs from any directory.
 * From the sources it is the TypeScript module; in the bundled CLI (packages/loom/dist/loom.cjs)
 * it is the facade the build writes beside the bundle, which exports the bundle's own runtime:
 * the same instance the CLI itself uses.
 */
const runningFromSources = import.meta.url.endsWith('.ts');
export const RUNTIME_SPECIFIER = new URL(runningFromSources ? '../runtime/host/module-api.ts' : './runtime.mjs', import.meta.url).href;

/** `hello.nx` → `hello.mjs`. */
export function moduleFileName(sourceFile: string): string {
  return `${basename(sourceFile).replace(/\.nx$/, '')}.mjs`;
}

/** The generated module, or `undefined` after reporting compile errors. */
export function compileToModule(file: string, io: CliIo): GeneratedModule | undefined {
  const checked = checkFile(file);
  writeDiagnostics(checked, io);
  if (tally(checked.diagnostics).errors > 0) return undefined;
  return generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: moduleFileName(file) });
}

/** Compiles `file` and imports it from memory, ready to run; `undefined` after compile errors. */
export async function loadProgram(file: string, io: CliIo, settings: Pick<RunOptions, 'debug' | 'args'>): Promise<RunOptions | undefined> {
  const generated = compileToModule(file, io);
  if (generated === undefined) return undefined;
  const { program, moduleUrl } = await importFromMemory(generated.code);
  return {
    ...settings,
    program,
    moduleUrl,
    map: generated.map,
    entryFile: resolve(file),
    env: io.env,
    stdout: (text) => io.stdout.write(text),
    stderr: (text) => io.stderr.write(text),
    terminal: io.terminal,
  };
}

/**
 * The front half shared by `run`, `build` and `test`: check the file, print its diagnostics,
 * and — when it has no errors — generate its module. Warnings are shown and do not stop it.
 */
import { basename } from 'node:path';
import { checkFile } from '../compile.js';
import { generateModule } from '../emit/codegen.js';
import type { GeneratedModule } from '../emit/codegen.js';
import type { CliIo } from './command.js';
import { tally, writeDiagnostics } from './report.js';

/** The runtime library generated modules import; absolute, so a module runs from any directory. */
export const RUNTIME_SPECIFIER = new URL('../runtime/module-api.ts', import.meta.url).href;

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

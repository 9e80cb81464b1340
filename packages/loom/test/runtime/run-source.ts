/**
 * Runs a `.nx` source the way `loom run` does, in memory: check, generate, import, run. Tests
 * of run-time behaviour use it so that they see what a user sees (stdout, stderr, status)
 * without the cost of a child process.
 */
import { checkSource } from '../../src/compile.js';
import { RUNTIME_SPECIFIER } from '../../src/cli/generate.js';
import { generateModule } from '../../src/emit/codegen.js';
import { importFromMemory, runProgram } from '../../src/runtime/host/run-program.js';

export const SOURCE_FILE = 'program.nx';

/** What the program printed so far; read again later to see output written after it ended. */
export interface SourceRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SourceRunOptions {
  /** The program's environment (secrets, LOOM_* settings); empty by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** Where the program pretends to live, for secrets.nxs lookup; SOURCE_FILE by default. */
  readonly entryFile?: string;
}

/** Compile errors are a test mistake here, so they throw with the diagnostics. */
export async function runSource(source: string, options: SourceRunOptions = {}): Promise<SourceRun> {
  const entryFile = options.entryFile ?? SOURCE_FILE;
  const checked = checkSource(source, entryFile);
  const errors = checked.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new Error(`the test program does not compile: ${errors.map((error) => `${error.code} ${error.message}`).join('; ')}`);
  const generated = generateModule(checked, { runtimeSpecifier: RUNTIME_SPECIFIER, fileName: 'program.mjs' });
  const { program, moduleUrl } = await importFromMemory(generated.code);
  let stdout = '';
  let stderr = '';
  const status = await runProgram({
    program, moduleUrl, map: generated.map, entryFile, env: options.env ?? {}, debug: false, args: [],
    stdout: (text) => (stdout += text), stderr: (text) => (stderr += text),
  });
  // Getters: output a program's abandoned work writes after it ended stays visible to the test.
  return {
    status,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}

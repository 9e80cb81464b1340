import { resolve } from 'node:path';
import { importFromMemory, runProgram } from '../../runtime/run-program.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import type { ExitStatus } from '../exit-codes.js';
import { compileToModule } from '../generate.js';

const DEBUG_VARIABLE = 'LOOM_DEBUG';

export const runCommand: Command = {
  name: 'run',
  summary: 'Compile a file in memory and run it',
  description:
    'Checks FILE, compiles it to a JavaScript module in memory and runs it: first its ' +
    'top-level statements, then `flow main` (which receives ARGS as a list when it declares a ' +
    'parameter). Runtime errors are reported at their .nx location.\n\n' +
    `--debug (or ${DEBUG_VARIABLE}=1) traces agent calls, prompts and timings to stderr. ` +
    'LOOM_TYPE_MODE=strict|warn|forgiving decides what a value of the wrong type does.\n\n' +
    'Exit status: 0 success, 1 runtime error, 2 compile error, 64 usage error; exit(n) ends with n.',
  arguments: [{ name: 'FILE' }],
  options: {
    debug: { type: 'boolean', description: 'Trace agent calls, prompts and timings to stderr' },
  },
  passThrough: 'ARGS',
  async run({ arguments: [file], options, passThrough }, io) {
    const generated = compileToModule(file, io);
    if (generated === undefined) return ExitCode.compileError;
    const { program, moduleUrl } = await importFromMemory(generated.code);
    const debugVariable = io.env[DEBUG_VARIABLE];
    const status = await runProgram({
      program,
      moduleUrl,
      map: generated.map,
      entryFile: resolve(file),
      env: io.env,
      stdout: (text) => io.stdout.write(text),
      stderr: (text) => io.stderr.write(text),
      debug: options['debug'] === true || (debugVariable !== undefined && debugVariable !== '' && debugVariable !== '0'),
      args: passThrough,
    });
    return status as ExitStatus;
  },
};

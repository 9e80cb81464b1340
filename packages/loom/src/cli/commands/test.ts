import { resolve } from 'node:path';
import { importFromMemory, testProgram } from '../../runtime/run-program.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import type { ExitStatus } from '../exit-codes.js';
import { compileToModule } from '../generate.js';

export const testCommand: Command = {
  name: 'test',
  summary: 'Run the test blocks of a file',
  description:
    'Checks FILE and runs each of its `test "name" { ... }` blocks in order (top-level ' +
    'statements and `flow main` are not run). Each test prints PASS or FAIL with the failure ' +
    'and its .nx location, then a summary line.\n\n' +
    'Exit status: 0 all passed, 1 a test failed, 2 compile error, 64 usage error.',
  arguments: [{ name: 'FILE' }],
  options: {},
  async run({ arguments: [file] }, io) {
    const generated = compileToModule(file, io);
    if (generated === undefined) return ExitCode.compileError;
    const { program, moduleUrl } = await importFromMemory(generated.code);
    const status = await testProgram({
      program,
      moduleUrl,
      map: generated.map,
      entryFile: resolve(file),
      env: io.env,
      stdout: (text) => io.stdout.write(text),
      stderr: (text) => io.stderr.write(text),
      debug: false,
      args: [],
    });
    return status as ExitStatus;
  },
};

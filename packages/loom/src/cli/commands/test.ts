import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';

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
    const { loadProgram, testProgram } = await import('../toolchain.js');
    const loaded = await loadProgram(file, io, { debug: false, args: [] });
    if (loaded === undefined) return ExitCode.compileError;
    return (await testProgram(loaded)) === 0 ? ExitCode.ok : ExitCode.runtimeError;
  },
};

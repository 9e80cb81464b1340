import { checkFile } from '../../compile.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { describeTally, tally, writeDiagnostics } from '../report.js';

export const lintCommand: Command = {
  name: 'lint',
  summary: 'Report errors and style warnings of a file, optionally missing type annotations',
  description:
    'Checks FILE like validate and also reports the lint warnings of the checker. With ' +
    '--warn-untyped, flow parameters, results and bindings without a type annotation are ' +
    'reported too. Code frames go to stderr and a one-line summary to stdout.\n\n' +
    'Exit status: 0 when there are no errors (warnings allowed), 2 when there are errors, 64 ' +
    'when FILE cannot be read.',
  arguments: [{ name: 'FILE' }],
  options: {
    'warn-untyped': { type: 'boolean', description: 'Warn about declarations that carry no type annotation' },
  },
  async run({ arguments: [file], options }, io) {
    const result = checkFile(file, { warnUntyped: options['warn-untyped'] === true });
    const counts = tally(result.diagnostics);
    writeDiagnostics(result, io);
    io.stdout.write(result.diagnostics.length === 0 ? `${file}: no problems\n` : `${file}: ${describeTally(counts)}\n`);
    return counts.errors === 0 ? ExitCode.ok : ExitCode.compileError;
  },
};

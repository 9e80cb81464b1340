import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { summaryLine, tally, writeDiagnostics } from '../report.js';

export const lintCommand: Command = {
  name: 'lint',
  summary: 'Check a file and warn about likely mistakes (unused, unreachable, untyped code)',
  description:
    'Checks FILE like validate and adds lint warnings (W-codes): unused declarations, ' +
    'unreachable code, unread variables, intent matches without `_`. With --warn-untyped, ' +
    'flow parameters and results without a type annotation are reported too. Code frames go ' +
    'to stderr and a one-line summary to stdout.\n\n' +
    'Exit status: 0 when there are no errors (warnings allowed), 2 when there are errors, 64 ' +
    'when FILE cannot be read.',
  arguments: [{ name: 'FILE' }],
  options: {
    'warn-untyped': { type: 'boolean', description: 'Warn about flow parameters and results without a type annotation (W001)' },
  },
  async run({ arguments: [file], options }, io) {
    const { checkFile, withLoadPhaseHeap } = await import('../toolchain.js');
    const result = withLoadPhaseHeap(() => checkFile(file, { lint: { warnUntyped: options['warn-untyped'] === true } }));
    const counts = tally(result.diagnostics);
    writeDiagnostics(result, io);
    io.stdout.write(`${summaryLine(file, counts, { noProblemsWhenClean: true })}\n`);
    return counts.errors === 0 ? ExitCode.ok : ExitCode.compileError;
  },
};

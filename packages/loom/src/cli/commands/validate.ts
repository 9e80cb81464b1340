import type { Finding } from '../../compile.js';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { summaryLine, tally, writeDiagnostics } from '../report.js';
import { UsageError } from '../command.js';
import { DEFAULT_HARNESS_MODE, HARNESS_MODES } from '../../language/harness.js';
import type { HarnessMode } from '../../language/harness.js';

/**
 * One finding in `validate --json`: where it is and what it says, without the code frame. The
 * message is the one the text report prints after `Error E001: `, title included; `hint` is
 * its `= help:` line, and absent when the finding has none.
 */
interface JsonFinding {
  readonly code: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly hint?: string;
}

function toJsonFinding(finding: Finding): JsonFinding {
  const { code, message, span, hint } = finding;
  const located = { code, message, file: span.file, line: span.start.line, column: span.start.column };
  return hint === undefined ? located : { ...located, hint };
}

export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check a file for syntax and semantic errors without running it',
  description:
    'Parses and checks FILE and its includes without running anything. Code frames go to ' +
    'stderr and a one-line summary to stdout.\n\n' +
    `--harness=${HARNESS_MODES.join('|')} (default ${DEFAULT_HARNESS_MODE}) also judges a program that uses the Nexa v2 harness by the ` +
    'rules of the Nexa harness validator (E-001 ... X-002): as warnings W007, as errors E007 with strict, or not at all with off.\n\n' +
    'Exit status: 0 when FILE has no errors (warnings allowed), 2 when it has errors, 64 ' +
    'when FILE cannot be read.',
  arguments: [{ name: 'FILE' }],
  options: {
    harness: {
      type: 'string',
      valueName: HARNESS_MODES.join('|'),
      description: `How the harness validator's findings count: warnings (warn, the default), errors (strict), or none (off)`,
    },
    json: {
      type: 'boolean',
      description: 'Print {valid, errors, warnings} as JSON on stdout instead of the report; each finding has code, message, file, line and column, and hint when it has one',
    },
  },
  async run({ arguments: [file], options }, io) {
    const harness = options['harness'] ?? DEFAULT_HARNESS_MODE;
    if (!isHarnessMode(harness)) throw new UsageError(`option '--harness' takes one of: ${HARNESS_MODES.join(', ')}`, 'validate');
    const { checkFile, withLoadPhaseHeap } = await import('../toolchain.js');
    const result = withLoadPhaseHeap(() => checkFile(file, { harness }));
    const counts = tally(result.diagnostics);
    const valid = counts.errors === 0;
    if (options['json'] === true) {
      const findings = (severity: Finding['severity']): JsonFinding[] =>
        result.diagnostics.filter((diagnostic) => diagnostic.severity === severity).map(toJsonFinding);
      io.stdout.write(`${JSON.stringify({ valid, errors: findings('error'), warnings: findings('warning') }, null, 2)}\n`);
    } else {
      writeDiagnostics(result, io);
      io.stdout.write(`${summaryLine(file, counts, { noProblemsWhenClean: false })}\n`);
    }
    return valid ? ExitCode.ok : ExitCode.compileError;
  },
};

function isHarnessMode(value: unknown): value is HarnessMode {
  return (HARNESS_MODES as readonly unknown[]).includes(value);
}

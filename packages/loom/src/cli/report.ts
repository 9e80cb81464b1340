import type { CheckResult, Finding } from '../compile.js';
import { shouldUseColour } from '../diagnostics/colour.js';
import { renderDiagnostics } from '../diagnostics/render.js';
import type { CliIo } from './command.js';

export interface Tally {
  readonly errors: number;
  readonly warnings: number;
}

export function tally(diagnostics: readonly Finding[]): Tally {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return { errors, warnings: diagnostics.length - errors };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `2 errors, 1 warning`. */
function describeTally({ errors, warnings }: Tally): string {
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/**
 * The one-line verdict `validate` and `lint` end with, in the form docs/loom/reference.md
 * documents: `main.nx: valid (0 errors, 1 warning)` or `main.nx: invalid (2 errors, 0 warnings)`.
 * `lint` says `main.nx: no problems` when it finds nothing at all, the usual word of linters;
 * `validate` keeps the counts, which scripts read.
 */
export function summaryLine(file: string, counts: Tally, { noProblemsWhenClean }: { readonly noProblemsWhenClean: boolean }): string {
  if (noProblemsWhenClean && counts.errors === 0 && counts.warnings === 0) return `${file}: no problems`;
  return `${file}: ${counts.errors === 0 ? 'valid' : 'invalid'} (${describeTally(counts)})`;
}

/** The code frames of a check, on stderr like every compiler report, coloured for a terminal. */
export function writeDiagnostics(result: CheckResult, io: CliIo): void {
  if (result.diagnostics.length === 0) return;
  const colour = shouldUseColour(io.stderr, io.env);
  io.stderr.write(`${renderDiagnostics(result.diagnostics, (file) => result.sources.get(file), { colour })}\n\n`);
}

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
export function describeTally({ errors, warnings }: Tally): string {
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/** The code frames of a check, on stderr like every compiler report, coloured for a terminal. */
export function writeDiagnostics(result: CheckResult, io: CliIo): void {
  if (result.diagnostics.length === 0) return;
  const colour = shouldUseColour(io.stderr, io.env);
  io.stderr.write(`${renderDiagnostics(result.diagnostics, (file) => result.sources.get(file), { colour })}\n\n`);
}

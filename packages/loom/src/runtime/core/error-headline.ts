/**
 * How an error reads in one line: the headline of the registry format for Loom errors
 * (diagnostics/runtime-error.ts), `Error: message` for the rest. It is how `print(e)` shows an
 * error (values.ts) and the first line of the report of an error that escapes a program
 * (host/error-report.ts).
 */
import { LoomError } from '../../errors.js';
import { formatRuntimeError } from '../../diagnostics/runtime-error.js';
import type { Span } from '../../language/span.js';

export function formatErrorHeadline(error: Error): string {
  if (error instanceof LoomError) return formatRuntimeError(withSpan(error, undefined)).split('\n')[0];
  return `${error.name === '' ? 'Error' : error.name}: ${error.message}`;
}

/**
 * A copy of `error` with another span. The span of a runtime LoomError is only known once its
 * stack has been mapped through the source map, after it was constructed, and the headline
 * alone is wanted without one; the original stays untouched for whoever else holds it.
 */
export function withSpan(error: LoomError, span: Span | undefined): LoomError {
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as LoomError, error, { span, message: error.message, name: error.name });
}

/**
 * How an error that escaped a running program is reported: the registry format for Loom
 * errors (diagnostics/runtime-error.ts) and `Error: message` for the rest, each followed by
 * the `.nx` location the source map gives for the place it was raised.
 */
import { LoomError } from '../errors.js';
import { formatRuntimeError } from '../diagnostics/runtime-error.js';
import type { Span } from '../syntax/spans.js';

/** The first line of a report, which is also how an error reads when printed. */
export function formatErrorHeadline(error: Error): string {
  if (error instanceof LoomError) return formatRuntimeError(withSpan(error, undefined)).split('\n')[0];
  return `${error.name === '' ? 'Error' : error.name}: ${error.message}`;
}

export function formatErrorReport(error: unknown, location: Span | undefined): string {
  if (error instanceof LoomError) return formatRuntimeError(error.span === undefined ? withSpan(error, location) : error);
  const headline = error instanceof Error ? formatErrorHeadline(error) : `Error: ${String(error)}`;
  return location === undefined ? headline : `${headline}\n  --> ${location.file}:${location.start.line}:${location.start.column}`;
}

/**
 * A copy of `error` with another span. The span of a runtime LoomError is only known once its
 * stack has been mapped through the source map, after it was constructed, and the headline
 * alone is wanted without one; the original stays untouched for whoever else holds it.
 */
function withSpan(error: LoomError, span: Span | undefined): LoomError {
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as LoomError, error, { span, message: error.message, name: error.name });
}

/**
 * How an error that escaped a running program is reported: the registry format for Loom
 * errors (diagnostics/runtime-error.ts), engine errors as the E105 they stand for
 * (unexpected-failure.ts), and `Error: message` for the rest, each followed by
 * the `.nx` location the source map gives for the place it was raised.
 */
import { LoomError } from '../../errors.js';
import { formatRuntimeError } from '../../diagnostics/runtime-error.js';
import type { Span } from '../../language/span.js';
import { formatErrorHeadline, withSpan } from '../core/error-headline.js';
import { asOperationFailure } from './unexpected-failure.js';

export function formatErrorReport(raised: unknown, location: Span | undefined): string {
  const error = asOperationFailure(raised);
  if (error instanceof LoomError) return formatRuntimeError(error.span === undefined ? withSpan(error, location) : error);
  const headline = error instanceof Error ? formatErrorHeadline(error) : `Error: ${String(error)}`;
  return location === undefined ? headline : `${headline}\n  --> ${location.file}:${location.start.line}:${location.start.column}`;
}

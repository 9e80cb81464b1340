/**
 * How an error that escaped a running program is reported: the registry format for Loom
 * errors (diagnostics/runtime-error.ts) and `Error: message` for the rest, each followed by
 * the `.nx` location the source map gives for the place it was raised.
 */
import { LoomError } from '../../errors.js';
import { formatRuntimeError } from '../../diagnostics/runtime-error.js';
import type { Span } from '../../syntax/spans.js';
import { formatErrorHeadline, withSpan } from '../core/error-headline.js';

export function formatErrorReport(error: unknown, location: Span | undefined): string {
  if (error instanceof LoomError) return formatRuntimeError(error.span === undefined ? withSpan(error, location) : error);
  const headline = error instanceof Error ? formatErrorHeadline(error) : `Error: ${String(error)}`;
  return location === undefined ? headline : `${headline}\n  --> ${location.file}:${location.start.line}:${location.start.column}`;
}

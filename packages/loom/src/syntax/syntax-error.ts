import type { Diagnostic } from '../diagnostic.js';
import { plainSpan } from './spans.js';
import type { Span } from './spans.js';

/**
 * An E004 syntax diagnostic: every lexer and parser error goes through here. Its span is plain
 * data: a diagnostic is reported, compared and kept after the parse, unlike the tree's spans.
 */
export function syntaxError(message: string, span: Span, hint?: string): Diagnostic {
  const location = plainSpan(span);
  return hint === undefined
    ? { code: 'E004', severity: 'error', message, span: location }
    : { code: 'E004', severity: 'error', message, span: location, hint };
}
